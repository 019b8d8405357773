import { ApiProperty } from '@nestjs/swagger';
import { Sender } from '../domain/sender';
import { SUGGESTED_EMAIL_RESELLERS, SUGGESTED_EMAIL_SERVERS } from '../domain/parse-sender-item';

export class SenderDto {
  @ApiProperty({ description: 'Id of the sender', example: '0f8c1f6e-3c1b-4a57-9d7e-5c6b2a1d9e40' })
  id!: string;

  @ApiProperty({
    description:
      'Canonical sender: a lower-cased email address or a canonical LinkedIn profile URL',
    example: 'anna@outreach-mail.com',
  })
  sender!: string;

  @ApiProperty({ description: 'Sender kind', enum: ['email', 'linkedin'], example: 'email' })
  type!: 'email' | 'linkedin';

  @ApiProperty({
    description: 'Your workspace_id this sender belongs to; null = Unassigned Senders',
    example: 'ws_acme_eu',
    nullable: true,
    type: String,
  })
  workspace_id!: string | null;

  @ApiProperty({
    description: 'Human-readable name',
    example: 'Anna Smith',
    nullable: true,
    type: String,
  })
  sender_name!: string | null;

  @ApiProperty({
    description: `Mail server kind (email senders). Suggested: ${SUGGESTED_EMAIL_SERVERS.join(', ')}; custom values are kept as sent`,
    example: SUGGESTED_EMAIL_SERVERS[1],
    nullable: true,
    type: String,
  })
  email_server!: string | null;

  @ApiProperty({
    description: `Inbox reseller kind (email senders). Suggested: ${SUGGESTED_EMAIL_RESELLERS.join(', ')}; custom values are kept as sent`,
    example: SUGGESTED_EMAIL_RESELLERS[0],
    nullable: true,
    type: String,
  })
  email_reseller!: string | null;

  @ApiProperty({
    description: 'Domain of an email sender, for domain-level reporting; null for LinkedIn senders',
    example: 'outreach-mail.com',
    nullable: true,
    type: String,
  })
  email_domain!: string | null;

  @ApiProperty({
    description: 'Name of the source system',
    example: 'smartlead',
    nullable: true,
    type: String,
  })
  platform!: string | null;

  @ApiProperty({
    description: 'When the sender was first received',
    example: '2026-11-22T04:00:00.000Z',
  })
  created_at!: string;

  @ApiProperty({
    description: 'When the sender was last written',
    example: '2026-11-22T05:00:00.000Z',
  })
  updated_at!: string;

  static from(sender: Sender): SenderDto {
    return {
      id: sender.id,
      sender: sender.sender,
      type: sender.type,
      workspace_id: sender.workspaceId,
      sender_name: sender.sender_name,
      email_server: sender.email_server,
      email_reseller: sender.email_reseller,
      email_domain: sender.emailDomain,
      platform: sender.platform,
      created_at: sender.createdAt.toISOString(),
      updated_at: sender.updatedAt.toISOString(),
    };
  }
}

export class SenderListDto {
  @ApiProperty({ description: 'One page of senders, ordered by sender', type: [SenderDto] })
  data!: SenderDto[];

  @ApiProperty({
    description: 'Pass as `cursor` to get the next page; null on the last page',
    example: 'czE6YW5uYUBvdXRyZWFjaC1tYWlsLmNvbQ',
    nullable: true,
    type: String,
  })
  next_cursor!: string | null;
}

export class SenderCountDto {
  @ApiProperty({
    description: 'The grouped value; null = not set (for workspace_id: Unassigned Senders)',
    example: 'cheap_inboxes',
    nullable: true,
    type: String,
  })
  value!: string | null;

  @ApiProperty({ description: 'Number of senders with this value', example: 42 })
  count!: number;
}

export class SenderSummaryDto {
  @ApiProperty({
    description: 'The dimension counted',
    enum: ['email_reseller', 'email_server', 'email_domain', 'workspace_id', 'type'],
    example: 'email_reseller',
  })
  group_by!: string;

  @ApiProperty({ description: 'Number of senders of the account', example: 57 })
  total!: number;

  @ApiProperty({ description: 'Counts per value, largest first', type: [SenderCountDto] })
  data!: SenderCountDto[];
}
