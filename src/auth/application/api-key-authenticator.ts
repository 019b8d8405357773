import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AuthenticatedAccount } from '../domain/account';
import { ApiKeyRepository } from '../domain/account.repository';
import { hashApiKey, looksLikeApiKey } from '../domain/api-key-secret';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeyChanges } from './api-key-changes';

/** `last_used_at` is refreshed at most this often per key, so requests do not each write a row. */
export const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeyAuthenticator implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ApiKeyAuthenticator.name);

  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly cache: ApiKeyCache,
    private readonly changes: ApiKeyChanges,
  ) {}

  onModuleInit(): void {
    this.changes.start({
      changed: () => this.cache.invalidate(),
      hearing: (hearing) => this.cache.setTrusted(hearing),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.changes.stop();
  }

  /**
   * The account of a live key, or null. Lookups are cached only while key changes are heard
   * (ApiKeyCache): a key revoked on any instance, or in the database by hand, stops working as
   * soon as the change notification arrives (milliseconds), and at once on the instance that
   * revoked it.
   */
  async authenticate(key: string | undefined): Promise<AuthenticatedAccount | null> {
    if (key === undefined || !looksLikeApiKey(key)) return null;
    const hash = hashApiKey(key);
    const cacheKey = hash.toString('base64');
    let found = this.cache.get(cacheKey);
    if (found === undefined) {
      const generation = this.cache.generation();
      const stored = await this.apiKeys.findActiveByHash(hash);
      if (!stored) return null;
      found = stored;
      this.cache.remember(cacheKey, found, generation);
    }
    const { lastUsedAt } = found;
    if (!lastUsedAt || Date.now() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      // Noted at once, so concurrent and cached requests do not each write it again.
      found.lastUsedAt = new Date();
      this.apiKeys
        .touch(found.accountId, found.apiKeyId, LAST_USED_RESOLUTION_MS)
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'could not record API key use'),
        );
    }
    return { accountId: found.accountId, apiKeyId: found.apiKeyId };
  }
}
