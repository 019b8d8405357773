import { Injectable } from '@nestjs/common';
import { DomainError, DomainErrorCode } from '../../shared/domain/domain-error';
import { Account, ApiKey } from '../domain/account';
import { AccountRepository, ApiKeyRepository } from '../domain/account.repository';
import { generateApiKey } from '../domain/api-key-secret';
import { ApiKeyCache } from './api-key-cache';

export interface IssuedApiKey extends ApiKey {
  /** The secret itself: returned once, at creation, and never again. */
  key: string;
}

/** Account and API key management: the admin API, the CLI and the first-start bootstrap. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly keyCache: ApiKeyCache,
  ) {}

  async createAccount(name: string): Promise<Account> {
    const account = await this.accounts.create(name);
    if (!account)
      throw new DomainError(DomainErrorCode.Conflict, `An account named "${name}" already exists`);
    return account;
  }

  listAccounts(): Promise<Account[]> {
    return this.accounts.list();
  }

  async findOrCreateAccount(name: string): Promise<Account> {
    return (
      (await this.accounts.findByName(name)) ??
      (await this.accounts.create(name)) ??
      // another process created it between the two calls
      (await this.accounts.findByName(name)) ??
      (() => {
        throw new DomainError(DomainErrorCode.Conflict, `Could not create account "${name}"`);
      })()
    );
  }

  async issueApiKey(accountId: string, name: string | null): Promise<IssuedApiKey> {
    await this.requireAccount(accountId);
    const secret = generateApiKey();
    const stored = await this.apiKeys.insert({
      accountId,
      name,
      prefix: secret.prefix,
      hash: secret.hash,
    });
    return { ...stored, key: secret.key };
  }

  async listApiKeys(accountId: string): Promise<ApiKey[]> {
    await this.requireAccount(accountId);
    return this.apiKeys.listByAccount(accountId);
  }

  async revokeApiKey(id: string): Promise<ApiKey> {
    const key = await this.apiKeys.revoke(id);
    // Other instances hear it from the database; this one forgets at once.
    this.keyCache.invalidate();
    if (!key) throw DomainError.notFound('API key');
    return key;
  }

  countAccounts(): Promise<number> {
    return this.accounts.count();
  }

  getAccount(accountId: string): Promise<Account> {
    return this.requireAccount(accountId);
  }

  private async requireAccount(accountId: string): Promise<Account> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw DomainError.notFound('Account');
    return account;
  }
}
