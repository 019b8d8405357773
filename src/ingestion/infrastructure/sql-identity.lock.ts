import { Injectable } from '@nestjs/common';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { IdentityLock } from '../domain/ports';

/** A transaction-scoped advisory lock per account; released by COMMIT or ROLLBACK. */
@Injectable()
export class SqlIdentityLock extends IdentityLock {
  async acquire(
    tx: SqlTransaction,
    accountId: string,
    mode: 'shared' | 'exclusive',
  ): Promise<void> {
    const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
    await tx.query(`SELECT ${lock}(hashtextextended('identities:' || $1::text, 0))`, [accountId]);
  }
}
