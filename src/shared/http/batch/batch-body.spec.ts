import { BadRequestException, HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import { batchItems, batchStatus } from './batch-body';

describe('batchItems', () => {
  it('wraps one object and passes an array through', () => {
    expect(batchItems({ a: 1 }, 2)).toEqual([{ a: 1 }]);
    expect(batchItems([1, null], 2)).toEqual([1, null]);
  });

  it('refuses more items than the limit with 413 naming it', () => {
    expect(() => batchItems([1, 2, 3], 2)).toThrow(PayloadTooLargeException);
    expect(() => batchItems([1, 2, 3], 2)).toThrow(/limit is 2 items/);
  });

  it.each([null, 'text', 42, true])('refuses a %p body with 400', (body) => {
    expect(() => batchItems(body, 10)).toThrow(BadRequestException);
  });
});

describe('batchStatus', () => {
  it.each([
    [{ success: 2, errors: { count: 0 } }, HttpStatus.OK],
    [{ success: 0, errors: { count: 0 } }, HttpStatus.OK],
    [{ success: 1, errors: { count: 1 } }, HttpStatus.MULTI_STATUS],
    [{ success: 0, errors: { count: 2 } }, HttpStatus.UNPROCESSABLE_ENTITY],
  ])('maps %j to %i', (result, status) => {
    expect(batchStatus(result)).toBe(status);
  });
});
