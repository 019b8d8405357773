import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { BatchPlan, CompanyIdentifier, ExistingIdentities, LeadIdentifier } from './plan-batch';

/**
 * Runs work in one database transaction, re-running it on transient conflicts (see the adapter).
 * `attempt` is 1 for the first run. Statements are sent in the order `query` is called, without
 * waiting for earlier ones to finish (the connection pipelines them), and the server runs them
 * in that order: work may start independent statements together and await them together.
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
  /** Sends its statement before returning: statements sent after the call run after it. */
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

/** Which entity owns each identifier the batch carries, as the database holds them now. */
export abstract class IdentityReader {
  /** One statement whatever the number of identifiers. */
  abstract owners(
    tx: SqlTransaction,
    accountId: string,
    identifiers: { leads: readonly LeadIdentifier[]; companies: readonly CompanyIdentifier[] },
  ): Promise<ExistingIdentities>;
}

/**
 * Persists a batch plan set-based: a fixed number of statements whatever the number of items.
 * Identifiers are only valid together with the rows they point at (the adapter may write both in
 * one statement). Throws IdentityTakenConcurrently when a concurrent transaction attached one of
 * the plan's identifiers first.
 */
export abstract class PlanWriter {
  /** `workspaces`: the uuids of the workspaces the plan's memberships name (WorkspaceRepository). */
  abstract write(
    tx: SqlTransaction,
    accountId: string,
    plan: BatchPlan,
    workspaces: WorkspaceUuids,
  ): Promise<void>;
}

/** workspace_id → the workspace row's uuid. */
export type WorkspaceUuids = ReadonlyMap<string, string>;
