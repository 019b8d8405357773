import { Injectable, Logger } from '@nestjs/common';
import { AuthenticatedAccount } from '../domain/account';
import { ApiKeyRepository } from '../domain/account.repository';
import { hashApiKey, looksLikeApiKey } from '../domain/api-key-secret';

/** `last_used_at` is refreshed at most this often per key, so requests do not each write a row. */
export const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeyAuthenticator {
  private readonly logger = new Logger(ApiKeyAuthenticator.name);

  constructor(private readonly apiKeys: ApiKeyRepository) {}

  /** The account of a live key, or null. Revocation takes effect on the next request: nothing is cached. */
  async authenticate(key: string | undefined): Promise<AuthenticatedAccount | null> {
    if (key === undefined || !looksLikeApiKey(key)) return null;
    const found = await this.apiKeys.findActiveByHash(hashApiKey(key));
    if (!found) return null;
    const stale =
      !found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
    if (stale) {
      this.apiKeys
        .touch(found.accountId, found.apiKeyId, LAST_USED_RESOLUTION_MS)
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'could not record API key use'),
        );
    }
    return { accountId: found.accountId, apiKeyId: found.apiKeyId };
  }
}
