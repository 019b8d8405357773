import { Account, ApiKey, AuthenticatedAccount } from './account';

export abstract class AccountRepository {
  /** Creates the account; returns null when the name is taken (names are unique, case-insensitively). */
  abstract create(name: string): Promise<Account | null>;
  abstract findById(id: string): Promise<Account | null>;
  abstract findByName(name: string): Promise<Account | null>;
  abstract list(): Promise<Account[]>;
  abstract count(): Promise<number>;
}

export abstract class ApiKeyRepository {
  abstract insert(key: {
    accountId: string;
    name: string | null;
    prefix: string;
    hash: Buffer;
  }): Promise<ApiKey>;
  abstract listByAccount(accountId: string): Promise<ApiKey[]>;
  /** Marks the key revoked (idempotent); null when no such key exists. */
  abstract revoke(id: string): Promise<ApiKey | null>;
  /** The live (not revoked) key with this hash. */
  abstract findActiveByHash(
    hash: Buffer,
  ): Promise<(AuthenticatedAccount & { lastUsedAt: Date | null }) | null>;
  /** Records use of a key, skipping the write when it was recorded less than `minAgeMs` ago. */
  abstract touch(accountId: string, apiKeyId: string, minAgeMs: number): Promise<void>;
}
