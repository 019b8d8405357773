import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { Env } from '../config/env';
import { ApiKeyThrottlerGuard } from './api-key-throttler.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

@Module({})
export class RateLimitModule {
  /** Off when RATE_LIMIT_MAX is 0; counters in Redis when REDIS_URL is set, else in memory. */
  static forRoot(env: Env): DynamicModule {
    if (env.RATE_LIMIT_MAX === 0) return { module: RateLimitModule };
    return {
      module: RateLimitModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [{ limit: env.RATE_LIMIT_MAX, ttl: env.RATE_LIMIT_WINDOW_SECONDS * 1000 }],
          storage: env.REDIS_URL ? new RedisThrottlerStorage(env.REDIS_URL) : undefined,
          // Health checks and metric scrapes must never be throttled.
          skipIf: (context) => {
            const path = context.switchToHttp().getRequest<{ path: string }>().path;
            return path === '/health' || path === '/metrics';
          },
        }),
      ],
      providers: [{ provide: APP_GUARD, useClass: ApiKeyThrottlerGuard }],
    };
  }
}
