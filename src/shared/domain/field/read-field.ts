import { FieldError, typeError, valueError } from './field-error';
import { Patch } from './patch';

export type RawObject = Readonly<Record<string, unknown>>;

/**
 * What reading one optional field produced:
 * - `absent`: not sent (key missing, `undefined`, or a string that is empty after trimming,
 *   because automation tools send "" for empty columns);
 * - `cleared`: explicit JSON `null`;
 * - `invalid`: sent but rejected, the reasons were pushed to the error list;
 * - `value`: the trimmed (and, for identifiers, normalised) value.
 */
export type FieldRead<T> =
  | { readonly kind: 'absent' }
  | { readonly kind: 'cleared' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'value'; readonly value: T };

const ABSENT = { kind: 'absent' } as const;
const CLEARED = { kind: 'cleared' } as const;
const INVALID = { kind: 'invalid' } as const;
const valueOf = <T>(value: T): FieldRead<T> => ({ kind: 'value', value });

/** Arrays and null are not items; JSON.parse only ever yields plain objects otherwise. */
export function isJsonObject(raw: unknown): raw is RawObject {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

/**
 * Own properties only: `JSON.parse` turns a `"__proto__"` key into an own property, and an
 * inherited value must never be mistaken for a field the client sent.
 */
export function ownField(raw: RawObject, field: string): unknown {
  return Object.prototype.hasOwnProperty.call(raw, field) ? raw[field] : undefined;
}

/** Sent at all: a value, an explicit null or a rejected value all count. */
export function isSent(read: FieldRead<unknown>): boolean {
  return read.kind !== 'absent';
}

/** The patch entry of a read: undefined = leave untouched, null = clear. */
export function patchValue<T>(read: FieldRead<T>): T | null | undefined {
  if (read.kind === 'value') return read.value;
  return read.kind === 'cleared' ? null : undefined;
}

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) count++;
  }
  return count;
}

/**
 * Trims `text` and checks NUL, well-formedness and length (all three problems are reported).
 * Returns the trimmed text, '' when nothing is left, or null when it was rejected.
 */
export function checkText(
  text: string,
  label: string,
  maxLength: number,
  errors: FieldError[],
): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const before = errors.length;
  if (trimmed.includes(NUL)) errors.push(valueError(`${label} must not contain NUL characters`));
  if (LONE_SURROGATE.test(trimmed)) {
    errors.push(valueError(`${label} must be well-formed Unicode (it contains a lone surrogate)`));
  }
  if (trimmed.length > maxLength && codePointLength(trimmed) > maxLength) {
    errors.push(valueError(`${label} must be at most ${maxLength} characters`));
  }
  return errors.length === before ? trimmed : null;
}

/** An optional string field under the common rules (see FieldRead). */
export function readString(
  raw: RawObject,
  field: string,
  maxLength: number,
  errors: FieldError[],
): FieldRead<string> {
  const value = ownField(raw, field);
  if (value === undefined) return ABSENT;
  if (value === null) return CLEARED;
  if (typeof value !== 'string') {
    errors.push(typeError(`${field} must be a string`));
    return INVALID;
  }
  const text = checkText(value, field, maxLength, errors);
  if (text === null) return INVALID;
  return text === '' ? ABSENT : valueOf(text);
}

/**
 * An identity field (lead/company identifiers, workspace_id, sender). `null` reads as not sent:
 * an identity cannot be cleared through ingestion, and tools send null for empty columns.
 */
export function readIdentifier(
  raw: RawObject,
  field: string,
  maxLength: number,
  normalize: (text: string) => string | null,
  invalidMessage: (text: string) => string,
  errors: FieldError[],
): FieldRead<string> {
  const read = readString(raw, field, maxLength, errors);
  if (read.kind === 'cleared') return ABSENT;
  if (read.kind !== 'value') return read;
  const canonical = normalize(read.value);
  if (canonical === null) {
    errors.push(valueError(invalidMessage(read.value)));
    return INVALID;
  }
  return valueOf(canonical);
}

/**
 * Reads several plain-text attributes into a patch. `sent` lists the fields that were sent
 * (including null and rejected ones) so dependency rules can name them.
 */
export function readTextPatch<F extends string>(
  raw: RawObject,
  fields: readonly F[],
  maxLengths: Readonly<Record<F, number>>,
  errors: FieldError[],
): { patch: Patch<Record<F, string>>; sent: F[] } {
  const patch: Patch<Record<F, string>> = {};
  const sent: F[] = [];
  for (const field of fields) {
    const read = readString(raw, field, maxLengths[field], errors);
    if (!isSent(read)) continue;
    sent.push(field);
    const value = patchValue(read);
    if (value !== undefined) patch[field] = value;
  }
  return { patch, sent };
}

/**
 * A non-negative integer sent as a JSON number or as a string of digits ("1200").
 * Thousands separators and decimals are rejected rather than guessed at ("1.200" is ambiguous).
 */
export function readNonNegativeInteger(
  raw: RawObject,
  field: string,
  max: number,
  errors: FieldError[],
): FieldRead<number> {
  const value = ownField(raw, field);
  if (value === undefined) return ABSENT;
  if (value === null) return CLEARED;
  let parsed: number;
  if (typeof value === 'number') {
    parsed = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return ABSENT;
    parsed = /^\d+$/.test(text) ? Number(text) : NaN;
  } else {
    errors.push(typeError(`${field} must be a number or a string of digits`));
    return INVALID;
  }
  if (
    parsed < 0 ||
    Number.isNaN(parsed) ||
    (Number.isFinite(parsed) && !Number.isInteger(parsed))
  ) {
    errors.push(valueError(`${field} must be a non-negative integer (e.g. 1200)`));
    return INVALID;
  }
  if (parsed > max) {
    errors.push(valueError(`${field} must be at most ${max}`));
    return INVALID;
  }
  return valueOf(parsed);
}

/** Raw entries (before dropping empties and duplicates) allowed per allowed item. */
const RAW_ITEMS_FACTOR = 10;
/** Item-level errors reported per list; the rest of a broken list adds nothing actionable. */
const MAX_ITEM_ERRORS = 10;

export interface StringListLimits {
  maxItems: number;
  maxItemLength: number;
}

/**
 * A list of strings sent as a JSON array or as one comma-separated string. Items are trimmed,
 * empty items dropped and duplicates removed keeping the first occurrence. A list with no
 * non-empty item reads as not sent, like "" for a string (tools send [] for empty columns);
 * null clears.
 */
export function readStringList(
  raw: RawObject,
  field: string,
  limits: StringListLimits,
  errors: FieldError[],
): FieldRead<string[]> {
  const value = ownField(raw, field);
  if (value === undefined) return ABSENT;
  if (value === null) return CLEARED;
  let parts: unknown[];
  if (typeof value === 'string') parts = value.split(',');
  else if (Array.isArray(value)) parts = value;
  else {
    errors.push(typeError(`${field} must be an array of strings or a comma-separated string`));
    return INVALID;
  }
  // Bounds the work and the error list a hostile body can cause (e.g. 10 MB of commas).
  if (parts.length > limits.maxItems * RAW_ITEMS_FACTOR) {
    errors.push(valueError(`${field} must have at most ${limits.maxItems} items`));
    return INVALID;
  }
  const before = errors.length;
  const items: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < parts.length && errors.length - before < MAX_ITEM_ERRORS; index++) {
    const part = parts[index];
    const label = `${field}[${index}]`;
    if (typeof part !== 'string') {
      errors.push(typeError(`${label} must be a string`));
      continue;
    }
    const item = checkText(part, label, limits.maxItemLength, errors);
    if (!item || seen.has(item)) continue;
    seen.add(item);
    items.push(item);
  }
  if (items.length > limits.maxItems) {
    errors.push(valueError(`${field} must have at most ${limits.maxItems} items`));
  }
  if (errors.length > before) return INVALID;
  return items.length === 0 ? ABSENT : valueOf(items);
}
