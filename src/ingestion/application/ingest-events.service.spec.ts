import { SqlTransaction } from '../../shared/domain/sql-transaction';
import {
  IdentityLock,
  IdentityReader,
  IdentityTakenConcurrently,
  PlanWriter,
  TransactionRunner,
} from '../domain/ports';
import { WorkspaceRepository } from '../../workspace/domain/workspace.repository';
import { IngestEventsService } from './ingest-events.service';

/** Runs the work like the real runner: again, with the next attempt number, after a lost race. */
class RetryingRunner extends TransactionRunner {
  async run<T>(work: (tx: SqlTransaction, attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work({} as SqlTransaction, attempt);
      } catch (error) {
        if (!(error instanceof IdentityTakenConcurrently) || attempt >= 3) throw error;
      }
    }
  }
}

function writers(lostClaimsOnFirstAttempt: boolean) {
  let writes = 0;
  const identities = { owners: jest.fn().mockResolvedValue({ leads: [], companies: [] }) };
  // The first attempt loses its claims to a concurrent request; later attempts win them.
  const plans = {
    write: jest.fn(async () => {
      if (lostClaimsOnFirstAttempt && writes++ === 0) throw new IdentityTakenConcurrently();
    }),
  };
  const modes: string[] = [];
  const lock = { acquire: jest.fn(async (_tx, _account, mode: string) => void modes.push(mode)) };
  const sut = new IngestEventsService(
    new RetryingRunner(),
    identities as unknown as IdentityReader,
    plans as unknown as PlanWriter,
    lock as unknown as IdentityLock,
    { ensureMany: jest.fn().mockResolvedValue(new Map()) } as unknown as WorkspaceRepository,
  );
  return { sut, modes };
}

describe('IngestEventsService identity lock', () => {
  const item = { event: 'update_attributes', lead_email: 'ada@acme.com' };

  it('writes under the shared lock when nothing conflicts', async () => {
    const { sut, modes } = writers(false);
    await expect(sut.ingest('account', [item])).resolves.toMatchObject({ success: 1 });
    expect(modes).toEqual(['shared']);
  });

  it('re-runs a batch that lost an identifier race under the exclusive lock', async () => {
    const { sut, modes } = writers(true);
    await expect(sut.ingest('account', [item])).resolves.toMatchObject({ success: 1, total: 1 });
    expect(modes).toEqual(['shared', 'exclusive']);
  });

  it('reports invalid items by index without writing them', async () => {
    const { sut, modes } = writers(false);
    const result = await sut.ingest('account', [7]);
    expect(result).toMatchObject({
      success: 0,
      total: 1,
      errors: { count: 1, details: [{ index: 0 }] },
    });
    expect(modes).toEqual([]);
  });
});
