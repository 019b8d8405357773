import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SenderWrite } from '../domain/fold-sender-items';
import { SENDER_ATTRIBUTE_FIELDS } from '../domain/parse-sender-item';
import { Sender, SenderCount, SenderGroupBy, SenderListFilter, SenderPage } from '../domain/sender';
import { SenderChange, SenderRepository } from '../domain/sender.repository';
import { WorkspaceRepository } from '../../workspace/domain/workspace.repository';
import {
  INSERT_SENDERS,
  UPDATE_SENDERS,
  WorkspaceUuid,
  insertParameters,
  updateParameters,
} from './sender-upsert.sql';
import { SENDER_COLUMNS, SenderRow, toSender } from './sender-row';

const DEADLOCK = '40P01';
const MAX_ATTEMPTS = 5;

const GROUP_COLUMNS: Record<SenderGroupBy, string> = {
  email_reseller: 's.email_reseller',
  email_server: 's.email_server',
  email_domain: 's.email_domain',
  workspace_id: 'w.workspace_id',
  type: 's.type',
};

const FROM_SENDERS = `
  FROM senders s
  LEFT JOIN workspaces w ON w.account_id = s.account_id AND w.id = s.workspace_id`;

/** `column = CASE WHEN <sent> THEN <value> ELSE column END` for the PATCH statement ($3 on). */
const PATCH_ASSIGNMENTS = (['workspace_id', ...SENDER_ATTRIBUTE_FIELDS] as const)
  .map((column, i) => {
    const type = column === 'workspace_id' ? 'uuid' : 'text';
    return `${column} = CASE WHEN $${3 + 2 * i}::boolean THEN $${4 + 2 * i}::${type} ELSE s.${column} END`;
  })
  .join(', ');

function isDeadlock(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string } }).driverError;
  return (driverError ?? (error as { code?: string })).code === DEADLOCK;
}

@Injectable()
export class SqlSenderRepository extends SenderRepository {
  private readonly logger = new Logger(SqlSenderRepository.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly workspaces: WorkspaceRepository,
  ) {
    super();
  }

  async upsertMany(accountId: string, writes: readonly SenderWrite[]): Promise<Set<string>> {
    if (writes.length === 0) return new Set();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction((tx) => this.writeAll(tx, accountId, writes));
      } catch (error) {
        // Rows are locked in sender order, but workspaces and the UPDATE's join order can still
        // cross another batch; the whole transaction is safe to run again.
        if (!isDeadlock(error) || attempt >= MAX_ATTEMPTS) throw error;
        this.logger.warn(`deadlock while upserting senders, retrying (attempt ${attempt})`);
        await sleep(Math.random() * 10 * attempt);
      }
    }
  }

  private async writeAll(
    tx: EntityManager,
    accountId: string,
    writes: readonly SenderWrite[],
  ): Promise<Set<string>> {
    const workspaceUuid = await this.resolveWorkspaces(tx, accountId, writes);
    const inserted: { sender: string }[] = await tx.query(
      INSERT_SENDERS,
      insertParameters(accountId, writes, workspaceUuid),
    );
    const created = new Set(inserted.map((row) => row.sender));
    const existing = writes.filter((write) => !created.has(write.sender));
    if (existing.length > 0) {
      await tx.query(UPDATE_SENDERS, updateParameters(accountId, existing, workspaceUuid));
    }
    return created;
  }

  private async resolveWorkspaces(
    tx: EntityManager,
    accountId: string,
    writes: readonly { workspaceId?: string | null }[],
  ): Promise<WorkspaceUuid> {
    const names = writes.flatMap((w) => (typeof w.workspaceId === 'string' ? [w.workspaceId] : []));
    const uuids = await this.workspaces.ensureMany(tx, accountId, names);
    return (write) => {
      if (typeof write.workspaceId !== 'string') return write.workspaceId;
      const uuid = uuids.get(write.workspaceId);
      if (uuid === undefined) throw new Error(`workspace ${write.workspaceId} was not resolved`);
      return uuid;
    };
  }

  async findById(accountId: string, id: string): Promise<Sender | null> {
    const rows: SenderRow[] = await this.dataSource.query(
      `SELECT ${SENDER_COLUMNS} ${FROM_SENDERS} WHERE s.account_id = $1 AND s.id = $2`,
      [accountId, id],
    );
    return rows.length > 0 ? toSender(rows[0]) : null;
  }

  async update(accountId: string, id: string, change: SenderChange): Promise<Sender | null> {
    return this.dataSource.transaction(async (tx) => {
      const workspaceUuid = await this.resolveWorkspaces(tx, accountId, [change]);
      const workspace = workspaceUuid(change);
      const updated: unknown[] = await tx.query(
        `UPDATE senders s SET ${PATCH_ASSIGNMENTS}, updated_at = now()
          WHERE s.account_id = $1 AND s.id = $2 RETURNING s.id`,
        [
          accountId,
          id,
          workspace !== undefined,
          workspace ?? null,
          ...SENDER_ATTRIBUTE_FIELDS.flatMap((field) => [
            change.attributes[field] !== undefined,
            change.attributes[field] ?? null,
          ]),
        ],
      );
      if (updated.length === 0) return null;
      const rows: SenderRow[] = await tx.query(
        `SELECT ${SENDER_COLUMNS} ${FROM_SENDERS} WHERE s.account_id = $1 AND s.id = $2`,
        [accountId, id],
      );
      return toSender(rows[0]);
    });
  }

  async list(
    accountId: string,
    filter: SenderListFilter,
    page: { limit: number; after: string | null },
  ): Promise<SenderPage> {
    const parameters: unknown[] = [accountId];
    const where = ['s.account_id = $1'];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      parameters.push(value);
      where.push(condition(`$${parameters.length}`));
    };
    if (filter.sender !== undefined) add((p) => `s.sender = ${p}`, filter.sender);
    if (filter.workspaceId !== undefined) add((p) => `w.workspace_id = ${p}`, filter.workspaceId);
    if (filter.unassigned) where.push('s.workspace_id IS NULL');
    if (filter.type !== undefined) add((p) => `s.type = ${p}`, filter.type);
    if (page.after !== null) add((p) => `s.sender > ${p}`, page.after);
    parameters.push(page.limit + 1);
    const rows: SenderRow[] = await this.dataSource.query(
      `SELECT ${SENDER_COLUMNS} ${FROM_SENDERS} WHERE ${where.join(' AND ')}
        ORDER BY s.sender LIMIT $${parameters.length}`,
      parameters,
    );
    const senders = rows.slice(0, page.limit).map(toSender);
    const more = rows.length > page.limit;
    return { senders, nextAfter: more ? senders[senders.length - 1].sender : null };
  }

  async countBy(accountId: string, groupBy: SenderGroupBy): Promise<SenderCount[]> {
    const column = GROUP_COLUMNS[groupBy];
    const rows: { value: string | null; count: number }[] = await this.dataSource.query(
      `SELECT ${column} AS value, count(*)::int AS count ${FROM_SENDERS}
        WHERE s.account_id = $1 GROUP BY ${column} ORDER BY count DESC, value NULLS LAST`,
      [accountId],
    );
    return rows.map(({ value, count }) => ({ value, count }));
  }
}
