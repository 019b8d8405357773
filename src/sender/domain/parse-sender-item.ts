import {
  FieldError,
  FieldRead,
  ItemParseResult,
  MAX_LENGTH,
  Patch,
  RawObject,
  isJsonObject,
  missingError,
  patchValue,
  readString,
  readTextPatch,
  typeError,
  valueError,
} from '../../shared/domain/field';
import { SenderType, detectSenderType, normalizeSender } from '../../shared/domain/identifiers';

export const SENDER_TYPES = ['email', 'linkedin'] as const satisfies readonly SenderType[];

export const SENDER_ATTRIBUTE_FIELDS = [
  'sender_name',
  'email_server',
  'email_reseller',
  'platform',
] as const;
export type SenderAttributeField = (typeof SENDER_ATTRIBUTE_FIELDS)[number];
export type SenderAttributes = Record<SenderAttributeField, string>;

/** Only meaningful for email senders (see parseSenderItem). */
export const EMAIL_ONLY_FIELDS = ['email_server', 'email_reseller'] as const;

/** Maximum length of every string field of `POST /v1/senders`, in characters after trimming. */
export const SENDER_FIELD_MAX_LENGTHS = {
  sender: MAX_LENGTH.url,
  type: MAX_LENGTH.identifier,
  workspace_id: MAX_LENGTH.identifier,
  sender_name: MAX_LENGTH.name,
  email_server: MAX_LENGTH.name,
  email_reseller: MAX_LENGTH.name,
  platform: MAX_LENGTH.name,
} as const;

/** Examples for the OpenAPI docs; any other non-empty value is accepted. */
export const SUGGESTED_EMAIL_RESELLERS = [
  'cheap_inboxes',
  'premium_inboxes',
  'ci_aged',
  'mailforge',
  'infraforge',
  'zapmail',
  'maildoso',
  'inboxkit',
] as const;

/** Examples for the OpenAPI docs; any other non-empty value is accepted. */
export const SUGGESTED_EMAIL_SERVERS = [
  'private_smtp',
  'google_workspace',
  'microsoft_365',
  'zoho',
  'amazon_ses',
] as const;

export interface SenderItem {
  /** Canonical identity: a lower-cased email or a canonical LinkedIn profile URL. */
  sender: string;
  type: SenderType;
  /** Domain part of an email sender, for domain-level reporting; null for LinkedIn senders. */
  emailDomain: string | null;
  /** undefined: not sent (create → Unassigned, update → unchanged); null: move to Unassigned. */
  workspaceId?: string | null;
  attributes: Patch<SenderAttributes>;
}

const EXPECTATION: Record<SenderType, string> = {
  email: 'a valid email address',
  linkedin: 'a LinkedIn profile URL (expected https://www.linkedin.com/in/<slug>)',
};

/**
 * Validates and normalises one element of a `POST /v1/senders` body, reporting every problem.
 * Strings follow the common rules ("" = not sent, null = clear). `type` null reads as not sent
 * (detected); workspace_id null means "move to Unassigned Senders". Unknown fields are ignored.
 */
export function parseSenderItem(raw: unknown): ItemParseResult<SenderItem> {
  if (!isJsonObject(raw)) return { ok: false, errors: [typeError('item must be a JSON object')] };
  const errors: FieldError[] = [];

  const sender = readString(raw, 'sender', SENDER_FIELD_MAX_LENGTHS.sender, errors);
  if (sender.kind === 'absent' || sender.kind === 'cleared') {
    errors.push(missingError('sender is required'));
  }
  const declaredType = readType(raw, errors);
  const identity =
    sender.kind === 'value' ? resolveIdentity(sender.value, declaredType, errors) : null;
  const workspaceId = readString(
    raw,
    'workspace_id',
    SENDER_FIELD_MAX_LENGTHS.workspace_id,
    errors,
  );
  const { patch } = readTextPatch(raw, SENDER_ATTRIBUTE_FIELDS, SENDER_FIELD_MAX_LENGTHS, errors);
  if (identity?.type === 'linkedin') {
    for (const field of EMAIL_ONLY_FIELDS) {
      if (typeof patch[field] === 'string') {
        errors.push(
          valueError(`${field} applies only to email senders (sender is a LinkedIn profile URL)`),
        );
      }
    }
  }

  if (errors.length > 0 || identity === null) return { ok: false, errors };
  const item: SenderItem = {
    sender: identity.sender,
    type: identity.type,
    emailDomain: identity.type === 'email' ? domainOf(identity.sender) : null,
    attributes: patch,
  };
  const workspace = patchValue(workspaceId);
  if (workspace !== undefined) item.workspaceId = workspace;
  return { ok: true, item };
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

function readType(raw: RawObject, errors: FieldError[]): FieldRead<SenderType> {
  const read = readString(raw, 'type', SENDER_FIELD_MAX_LENGTHS.type, errors);
  if (read.kind !== 'value') return read.kind === 'invalid' ? read : { kind: 'absent' };
  const type = SENDER_TYPES.find((candidate) => candidate === read.value.toLowerCase());
  if (type === undefined) {
    errors.push(valueError("type must be 'email' or 'linkedin'"));
    return { kind: 'invalid' };
  }
  return { kind: 'value', value: type };
}

function resolveIdentity(
  sender: string,
  declaredType: FieldRead<SenderType>,
  errors: FieldError[],
): { sender: string; type: SenderType } | null {
  const type = declaredType.kind === 'value' ? declaredType.value : detectSenderType(sender);
  if (type === null) {
    errors.push(
      valueError(
        'cannot detect sender type: sender must be an email address or a LinkedIn profile URL',
      ),
    );
    return null;
  }
  // An invalid `type` was reported already; detection still runs to report the sender's own problem.
  if (declaredType.kind === 'invalid') return null;
  const canonical = normalizeSender(sender, type);
  if (canonical === null) {
    errors.push(valueError(`type is '${type}' but sender is not ${EXPECTATION[type]}`));
    return null;
  }
  return { sender: canonical, type };
}
