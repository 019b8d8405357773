import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { IdentityTakenConcurrently, TransactionRunner } from '../domain/ports';

/** serialization_failure, deadlock_detected, unique_violation: another transaction got there first. */
const TRANSIENT_CODES = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 8;

function isTransient(error: unknown): boolean {
  if (error instanceof IdentityTakenConcurrently) return true;
  const code =
    (error as { driverError?: { code?: string } }).driverError?.code ??
    (error as { code?: string }).code;
  return code !== undefined && TRANSIENT_CODES.has(code);
}

/**
 * READ COMMITTED transactions, re-run from scratch when they lose a race: on the next attempt the
 * winner's rows are visible, so the batch matches them instead of conflicting with them.
 */
@Injectable()
export class TypeormTransactionRunner extends TransactionRunner {
  private readonly logger = new Logger(TypeormTransactionRunner.name);

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async run<T>(work: (tx: SqlTransaction, attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction((manager) => work(manager, attempt));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isTransient(error)) throw error;
        this.logger.debug(`transaction lost a race (attempt ${attempt}); retrying`);
        await sleep(Math.random() * 10 * attempt);
      }
    }
  }
}
