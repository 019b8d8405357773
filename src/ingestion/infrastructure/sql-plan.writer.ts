import { Injectable } from '@nestjs/common';
import { SqlTransaction } from '../../shared/domain/sql-transaction';
import { BatchPlan } from '../domain/plan-batch';
import { PlanWriter, WorkspaceUuids } from '../domain/ports';
import { SqlCompanyWriter } from './sql-company.writer';
import { SqlLeadWriter } from './sql-lead.writer';
import { CombinedWrite } from './sql/combined-write';
import { COMPANY_IDENTIFIERS, LEAD_IDENTIFIERS } from './sql/identifier-table';

const ONE_STATEMENT_MAX_ROWS = 2_000;

/**
 * Writes a plan as one statement of data-modifying CTEs: upserts of companies, leads and
 * memberships (their workspaces exist already), identifier claims and connections. A batch whose
 * items send many different field sets is split where the insert-then-patch path needs its own
 * statements.
 */
@Injectable()
export class SqlPlanWriter extends PlanWriter {
  private readonly companies = new SqlCompanyWriter();
  private readonly leads = new SqlLeadWriter();

  async write(
    tx: SqlTransaction,
    accountId: string,
    plan: BatchPlan,
    workspaceUuids: WorkspaceUuids,
  ): Promise<void> {
    const write = new CombinedWrite(accountId);
    // A large plan goes out one table group at a time, so the parameters of only one group (and
    // their encoded copy in the driver) are in memory at once.
    const large = plan.leads.length > ONE_STATEMENT_MAX_ROWS;
    await this.companies.upsert(tx, write, accountId, plan.companies, new Set(plan.newCompanyIds));
    COMPANY_IDENTIFIERS.attach(write, plan.companyClaims);
    if (large) await write.flush(tx);
    await this.leads.upsert(tx, write, accountId, plan.leads, new Set(plan.newLeadIds));
    LEAD_IDENTIFIERS.attach(write, plan.leadClaims);
    if (large) await write.flush(tx);
    await this.leads.upsertMemberships(tx, write, accountId, plan.memberships, workspaceUuids);
    this.leads.upsertConnections(write, plan.connections);
    // The last statement: the COMMIT may go right behind it, in the same round trip.
    await write.flush(tx, { commit: true });
  }
}
