import { BadRequestException, HttpStatus, PayloadTooLargeException } from '@nestjs/common';

/** The items of an ingestion body: one object, or an array of at most `maxItems` elements. */
export function batchItems(body: unknown, maxItems: number): unknown[] {
  if (Array.isArray(body)) {
    if (body.length > maxItems) {
      throw new PayloadTooLargeException(
        `Too many items: the limit is ${maxItems} items per request (MAX_BATCH_ITEMS); ` +
          `got ${body.length}. Split the batch`,
      );
    }
    return body;
  }
  if (typeof body === 'object' && body !== null) return [body];
  throw new BadRequestException(
    'The body must be a JSON object (one item) or a JSON array of objects',
  );
}

/** 200 when every item succeeded, 207 when some failed, 422 when all failed. */
export function batchStatus(result: { success: number; errors: { count: number } }): HttpStatus {
  if (result.errors.count === 0) return HttpStatus.OK;
  return result.success === 0 ? HttpStatus.UNPROCESSABLE_ENTITY : HttpStatus.MULTI_STATUS;
}
