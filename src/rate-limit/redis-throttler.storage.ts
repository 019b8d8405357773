import { Logger, OnModuleDestroy } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import Redis from 'ioredis';

/**
 * Fixed-window counters in Redis, shared by every instance of the service. One round trip per
 * request: the script increments the window's counter and returns it with its remaining time.
 */
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return { hits, ttl }`;

export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 1_000,
      commandTimeout: 500,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    this.redis.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    try {
      const [hits, remainingMs] = (await this.redis.eval(
        INCREMENT,
        1,
        `ratelimit:${key}`,
        ttl,
      )) as [number, number];
      const timeToExpire = Math.max(1, Math.ceil(remainingMs / 1000));
      const isBlocked = hits > limit;
      return {
        totalHits: hits,
        timeToExpire,
        isBlocked,
        timeToBlockExpire: isBlocked ? timeToExpire : 0,
      };
    } catch (error) {
      // Fail open: an unreachable Redis must not take the ingestion API down with it.
      this.logger.warn(
        `rate limit not applied: ${error instanceof Error ? error.message : String(error)}`,
      );
      return {
        totalHits: 0,
        timeToExpire: Math.ceil(ttl / 1000),
        isBlocked: false,
        timeToBlockExpire: 0,
      };
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }
}
