import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { DataSource, Repository } from 'typeorm';
import { pgPoolOf } from '../../database/pg-pool';
import { Account, ApiKey, AuthenticatedAccount } from '../domain/account';
import { AccountRepository, ApiKeyRepository } from '../domain/account.repository';
import { AccountEntity } from './account.entity';
import { ApiKeyEntity } from './api-key.entity';

const UNIQUE_VIOLATION = '23505';

const FIND_ACTIVE_KEY = `SELECT account_id, id, last_used_at FROM api_keys
  WHERE key_hash = $1 AND revoked_at IS NULL
  LIMIT 1`;

function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION;
}

function toApiKey(row: ApiKeyEntity): ApiKey {
  const { accountId, id, name, prefix, createdAt, lastUsedAt, revokedAt } = row;
  return { accountId, id, name, prefix, createdAt, lastUsedAt, revokedAt };
}

@Injectable()
export class TypeormAccountRepository extends AccountRepository {
  private readonly accounts: Repository<AccountEntity>;

  constructor(dataSource: DataSource) {
    super();
    this.accounts = dataSource.getRepository(AccountEntity);
  }

  async create(name: string): Promise<Account | null> {
    try {
      return await this.accounts.save(this.accounts.create({ name }));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  findById(id: string): Promise<Account | null> {
    return this.accounts.findOneBy({ id });
  }

  findByName(name: string): Promise<Account | null> {
    return this.accounts
      .createQueryBuilder('account')
      .where('lower(account.name) = lower(:name)', { name })
      .getOne();
  }

  list(): Promise<Account[]> {
    return this.accounts.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  count(): Promise<number> {
    return this.accounts.count();
  }
}

@Injectable()
export class TypeormApiKeyRepository extends ApiKeyRepository {
  private readonly keys: Repository<ApiKeyEntity>;
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    super();
    this.keys = dataSource.getRepository(ApiKeyEntity);
    this.pool = pgPoolOf(dataSource);
  }

  async insert(key: {
    accountId: string;
    name: string | null;
    prefix: string;
    hash: Buffer;
  }): Promise<ApiKey> {
    const saved = await this.keys.save(
      this.keys.create({
        accountId: key.accountId,
        name: key.name,
        prefix: key.prefix,
        keyHash: key.hash,
      }),
    );
    return toApiKey(saved);
  }

  async listByAccount(accountId: string): Promise<ApiKey[]> {
    const rows = await this.keys.find({
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toApiKey);
  }

  async revoke(id: string): Promise<ApiKey | null> {
    await this.keys
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('id = :id AND revoked_at IS NULL', { id })
      .execute();
    const row = await this.keys.findOneBy({ id });
    return row ? toApiKey(row) : null;
  }

  /**
   * Runs on every request, so it is one prepared statement straight on the pool: the query
   * builder and the entity mapping were ~8% of a single-item request's CPU (profile of the
   * service on its own core), and planning it again each time cost the server more than running
   * it (pg_stat_statements: 0.068 ms planning, 0.018 ms execution).
   */
  async findActiveByHash(
    hash: Buffer,
  ): Promise<(AuthenticatedAccount & { lastUsedAt: Date | null }) | null> {
    const { rows } = await this.pool.query<{
      account_id: string;
      id: string;
      last_used_at: Date | null;
    }>({ name: 'api_key_by_hash', text: FIND_ACTIVE_KEY, values: [hash] });
    const [row] = rows;
    return row
      ? { accountId: row.account_id, apiKeyId: row.id, lastUsedAt: row.last_used_at }
      : null;
  }

  async touch(accountId: string, apiKeyId: string, minAgeMs: number): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: () => 'now()' })
      .where('account_id = :accountId AND id = :apiKeyId', { accountId, apiKeyId })
      .andWhere(`(last_used_at IS NULL OR last_used_at < now() - make_interval(secs => :age))`, {
        age: minAgeMs / 1000,
      })
      .execute();
  }
}
