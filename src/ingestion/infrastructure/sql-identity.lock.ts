import { Injectable } from '@nestjs/common';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { isUuid } from '../../shared/domain/uuid';
import { IdentityLock } from '../domain/ports';

/** A transaction-scoped advisory lock per account; released by COMMIT or ROLLBACK. */
@Injectable()
export class SqlIdentityLock extends IdentityLock {
  async acquire(
    tx: SqlTransaction,
    accountId: string,
    mode: 'shared' | 'exclusive',
  ): Promise<void> {
    // Without parameters the statement can travel in one round trip with the transaction's BEGIN
    // (see PgTransactionRunner); the account id is a UUID, checked here, so it is a safe literal.
    if (!isUuid(accountId)) throw new Error(`account id is not a UUID: ${accountId}`);
    const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
    await tx.query(`SELECT ${lock}(hashtextextended('identities:${accountId}', 0))`);
  }
}
