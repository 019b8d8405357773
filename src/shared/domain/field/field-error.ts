export type FieldErrorType = 'value_error' | 'type_error' | 'missing';

/** One problem of one request item; serialised as-is into `errors.details[].error[]`. */
export interface FieldError {
  msg: string;
  type: FieldErrorType;
}

export const valueError = (msg: string): FieldError => ({ msg, type: 'value_error' });
export const typeError = (msg: string): FieldError => ({ msg, type: 'type_error' });
export const missingError = (msg: string): FieldError => ({ msg, type: 'missing' });

export type ItemParseResult<T> = { ok: true; item: T } | { ok: false; errors: FieldError[] };
