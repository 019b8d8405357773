import {
  FieldError,
  ItemParseResult,
  isJsonObject,
  patchValue,
  readString,
  readTextPatch,
  typeError,
  valueError,
} from '../../shared/domain/field';
import { SENDER_FIELD_MAX_LENGTHS } from './parse-sender-item';
import { SenderChange } from './sender.repository';

export const CHANGEABLE_SENDER_FIELDS = ['sender_name', 'email_server', 'email_reseller'] as const;
const ACCEPTED = new Set<string>(['workspace_id', ...CHANGEABLE_SENDER_FIELDS]);

/**
 * The body of `PATCH /v1/senders/{id}`, under the same string rules as `POST /v1/senders`
 * ("" = not sent, null = clear / Unassigned). Unlike the ingestion body, unknown fields are
 * rejected: a client sending `sender` or `type` here expects a change that will not happen.
 */
export function parseSenderChange(raw: unknown): ItemParseResult<SenderChange> {
  if (!isJsonObject(raw)) return { ok: false, errors: [typeError('body must be a JSON object')] };
  const errors: FieldError[] = [];
  for (const field of Object.keys(raw)) {
    if (!ACCEPTED.has(field)) {
      errors.push(
        valueError(`${field} cannot be changed here (accepted: ${[...ACCEPTED].join(', ')})`),
      );
    }
  }
  const workspace = readString(raw, 'workspace_id', SENDER_FIELD_MAX_LENGTHS.workspace_id, errors);
  const { patch } = readTextPatch(raw, CHANGEABLE_SENDER_FIELDS, SENDER_FIELD_MAX_LENGTHS, errors);
  if (errors.length > 0) return { ok: false, errors };
  const change: SenderChange = { attributes: patch };
  const workspaceId = patchValue(workspace);
  if (workspaceId !== undefined) change.workspaceId = workspaceId;
  if (workspaceId === undefined && Object.keys(patch).length === 0) {
    return {
      ok: false,
      errors: [valueError(`send at least one of ${[...ACCEPTED].join(', ')}`)],
    };
  }
  return { ok: true, item: change };
}
