import { ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ThrottlerLimitDetail } from '@nestjs/throttler/dist/throttler.guard.interface';
import { createHash } from 'node:crypto';
import { Request } from 'express';

/**
 * Limits requests per API key (by a hash of the key: no database lookup, and the key itself is
 * never used as a storage key); requests without a key are limited per client address.
 * Headers follow the IETF draft: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After.
 */
@Injectable()
export class ApiKeyThrottlerGuard extends ThrottlerGuard {
  protected override headerPrefix = 'RateLimit';

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const key = (request as unknown as Request).headers['x-api-key'];
    if (typeof key === 'string' && key.length > 0) {
      return 'key:' + createHash('sha256').update(key).digest('base64url').slice(0, 24);
    }
    return 'ip:' + String((request as unknown as Request).ip);
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new HttpException(
      `Rate limit exceeded: at most ${detail.limit} requests per ${detail.ttl / 1000} s per API key; ` +
        `retry after ${detail.timeToBlockExpire} s (see the Retry-After header)`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
