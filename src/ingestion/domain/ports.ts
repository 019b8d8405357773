import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { CompanyIdentifierField, LeadIdentifierField } from './event-fields';
import { IdentifierClaim } from './identity-resolver';
import {
  CompanyChange,
  CompanyIdentifier,
  ConnectionChange,
  EntityChange,
  LeadIdentifier,
  MembershipChange,
} from './plan-batch';

/**
 * Runs work in one database transaction, re-running it on transient conflicts (see the adapter).
 * `attempt` is 1 for the first run.
 */
export abstract class TransactionRunner {
  abstract run<T>(work: (tx: SqlTransaction, attempt: number) => Promise<T>): Promise<T>;
}

/**
 * Who may create identities of an account at the same time. Writes normally share it, so they
 * run in parallel; a write that lost an identifier race re-runs holding it exclusively, alone,
 * so it cannot lose again: concurrent batches with overlapping new identities always finish.
 */
export abstract class IdentityLock {
  abstract acquire(
    tx: SqlTransaction,
    accountId: string,
    mode: 'shared' | 'exclusive',
  ): Promise<void>;
}

/** A concurrent request attached an identifier this batch needed: re-run the batch. */
export class IdentityTakenConcurrently extends Error {
  constructor() {
    super('an identifier was attached by a concurrent request');
    this.name = 'IdentityTakenConcurrently';
  }
}

/** Set-based writes of companies: each method is one statement whatever the number of rows. */
export abstract class CompanyWriter {
  abstract resolveByIdentifiers(
    tx: SqlTransaction,
    accountId: string,
    identifiers: readonly CompanyIdentifier[],
  ): Promise<IdentifierClaim<CompanyIdentifierField>[]>;
  /**
   * One change per company of the batch: the ones in `newIds` are created, the others get the
   * sent fields. Must run before their identifiers are attached.
   */
  abstract upsert(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly CompanyChange[],
    newIds: ReadonlySet<string>,
  ): Promise<void>;
  /** Returns how many were attached (fewer: a concurrent request took some). */
  abstract attachIdentifiers(
    tx: SqlTransaction,
    accountId: string,
    claims: readonly IdentifierClaim<CompanyIdentifierField>[],
  ): Promise<number>;
}

/** Set-based writes of leads and what hangs off them. */
export abstract class LeadWriter {
  abstract resolveByIdentifiers(
    tx: SqlTransaction,
    accountId: string,
    identifiers: readonly LeadIdentifier[],
  ): Promise<IdentifierClaim<LeadIdentifierField>[]>;
  /**
   * One change per lead of the batch: the ones in `newIds` are created with their values, the
   * others get the sent fields. Must run before their identifiers are attached.
   */
  abstract upsert(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly EntityChange[],
    newIds: ReadonlySet<string>,
  ): Promise<void>;
  abstract attachIdentifiers(
    tx: SqlTransaction,
    accountId: string,
    claims: readonly IdentifierClaim<LeadIdentifierField>[],
  ): Promise<number>;
  /** `workspaceUuids` maps each change's external workspace_id to the workspace row. */
  abstract upsertMemberships(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly MembershipChange[],
    workspaceUuids: ReadonlyMap<string, string>,
  ): Promise<void>;
  /** Last write wins per (sender, lead). */
  abstract upsertConnections(
    tx: SqlTransaction,
    accountId: string,
    changes: readonly ConnectionChange[],
  ): Promise<void>;
}
