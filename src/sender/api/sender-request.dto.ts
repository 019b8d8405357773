import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  SENDER_FIELD_MAX_LENGTHS as MAX,
  SUGGESTED_EMAIL_RESELLERS,
  SUGGESTED_EMAIL_SERVERS,
} from '../domain/parse-sender-item';

const STRING_RULES =
  'Trimmed; "" counts as not sent; null clears the stored value; NUL is rejected.';
const RESELLER = `Inbox reseller kind. Suggested values: ${SUGGESTED_EMAIL_RESELLERS.join(', ')}; any other non-empty value (e.g. your vendor's name) is accepted and kept as sent. Email senders only.`;
const SERVER = `Mail server kind. Suggested values: ${SUGGESTED_EMAIL_SERVERS.join(', ')}; any other non-empty value is accepted and kept as sent. Email senders only.`;

/**
 * Documentation of one element of the `POST /v1/senders` body. The endpoint reads the raw JSON
 * and validates it per item in the domain (parseSenderItem), so this class validates nothing.
 */
export class SenderInputDto {
  @ApiProperty({
    description:
      'Email address or LinkedIn profile URL; identifies the sender (emails are lower-cased, LinkedIn URLs canonicalised to https://www.linkedin.com/in/<slug>)',
    example: 'Anna@Outreach-Mail.com',
    maxLength: MAX.sender,
  })
  sender!: string;

  @ApiPropertyOptional({
    description:
      'Omit to detect from `sender`. A value contradicting `sender` fails the item. null = detect.',
    enum: ['email', 'linkedin'],
    example: 'email',
  })
  type?: string;

  @ApiPropertyOptional({
    description:
      'Your workspace id. Omitted: a new sender goes to Unassigned Senders, an existing one stays where it is. Sent: the sender moves to that workspace (created on first use). null: moves to Unassigned Senders.',
    example: 'ws_acme_eu',
    maxLength: MAX.workspace_id,
    nullable: true,
    type: String,
  })
  workspace_id?: string | null;

  @ApiPropertyOptional({
    description: `Human-readable name. ${STRING_RULES}`,
    example: 'Anna Smith',
    maxLength: MAX.sender_name,
    nullable: true,
    type: String,
  })
  sender_name?: string | null;

  @ApiPropertyOptional({
    description: `${SERVER} ${STRING_RULES}`,
    example: SUGGESTED_EMAIL_SERVERS[1],
    maxLength: MAX.email_server,
    nullable: true,
    type: String,
  })
  email_server?: string | null;

  @ApiPropertyOptional({
    description: `${RESELLER} ${STRING_RULES}`,
    example: SUGGESTED_EMAIL_RESELLERS[0],
    maxLength: MAX.email_reseller,
    nullable: true,
    type: String,
  })
  email_reseller?: string | null;

  @ApiPropertyOptional({
    description: `Name of the source system. ${STRING_RULES}`,
    example: 'smartlead',
    maxLength: MAX.platform,
    nullable: true,
    type: String,
  })
  platform?: string | null;
}

/** Documentation of the `PATCH /v1/senders/{id}` body (validated by parseSenderChange). */
export class UpdateSenderDto {
  @ApiPropertyOptional({
    description:
      'Move the sender to this workspace (created on first use); null moves it back to Unassigned Senders; omitted leaves it where it is',
    example: 'ws_acme_us',
    maxLength: MAX.workspace_id,
    nullable: true,
    type: String,
  })
  workspace_id?: string | null;

  @ApiPropertyOptional({
    description: `Human-readable name. ${STRING_RULES}`,
    example: 'Anna Smith',
    nullable: true,
    type: String,
  })
  sender_name?: string | null;

  @ApiPropertyOptional({
    description: `${SERVER} ${STRING_RULES}`,
    example: SUGGESTED_EMAIL_SERVERS[0],
    maxLength: MAX.email_server,
    nullable: true,
    type: String,
  })
  email_server?: string | null;

  @ApiPropertyOptional({
    description: `${RESELLER} ${STRING_RULES}`,
    example: SUGGESTED_EMAIL_RESELLERS[1],
    maxLength: MAX.email_reseller,
    nullable: true,
    type: String,
  })
  email_reseller?: string | null;
}
