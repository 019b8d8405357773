import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Page, PageRequest, toPage } from '../../shared/domain/page';
import { Lead, LeadConnection, LeadFilter, LeadQueries, LeadWorkspace } from '../domain/lead';

interface LeadRow {
  id: string;
  unified_lead_id: string | null;
  email: string | null;
  linkedin_url: string | null;
  sales_navigator_url: string | null;
  linkedin_id: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  country: string | null;
  job_title: string | null;
  seniority: string | null;
  job_function: string | null;
  linkedin_headline: string | null;
  reporting_location: string | null;
  platform: string | null;
  company_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `l.id, l.unified_lead_id, l.email, l.linkedin_url, l.sales_navigator_url,
  l.linkedin_id, l.first_name, l.last_name, l.full_name, l.country, l.job_title, l.seniority,
  l.job_function, l.linkedin_headline, l.reporting_location, l.platform, l.company_id,
  l.created_at, l.updated_at`;

function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    unifiedLeadId: row.unified_lead_id,
    email: row.email,
    linkedinUrl: row.linkedin_url,
    salesNavigatorUrl: row.sales_navigator_url,
    linkedinId: row.linkedin_id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    country: row.country,
    jobTitle: row.job_title,
    seniority: row.seniority,
    jobFunction: row.job_function,
    linkedinHeadline: row.linkedin_headline,
    reportingLocation: row.reporting_location,
    platform: row.platform,
    companyId: row.company_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function filterJoin(filter: LeadFilter | undefined): string {
  if (!filter) return '';
  if (filter.kind === 'workspace_id') {
    return `JOIN lead_workspaces lw ON lw.account_id = l.account_id AND lw.lead_id = l.id
            JOIN workspaces w ON w.account_id = lw.account_id AND w.id = lw.workspace_id
                             AND w.workspace_id = $4`;
  }
  return `JOIN lead_identifiers i ON i.account_id = l.account_id AND i.lead_id = l.id
                                 AND i.kind = $4 AND i.value = $5`;
}

function groupBy<T>(rows: (T & { lead_id: string })[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const { lead_id, ...rest } of rows) {
    const group = groups.get(lead_id) ?? [];
    group.push(rest as unknown as T);
    groups.set(lead_id, group);
  }
  return groups;
}

@Injectable()
export class SqlLeadQueries extends LeadQueries {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findById(accountId: string, id: string): Promise<Lead | null> {
    const rows: LeadRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM leads l WHERE l.account_id = $1 AND l.id = $2`,
      [accountId, id],
    );
    return rows[0] ? toLead(rows[0]) : null;
  }

  async list(
    accountId: string,
    filter: LeadFilter | undefined,
    page: PageRequest,
  ): Promise<Page<Lead>> {
    const params: unknown[] = [accountId, page.after ?? null, page.limit + 1];
    if (filter?.kind === 'workspace_id') params.push(filter.value);
    else if (filter) params.push(filter.kind, filter.value);
    const rows: LeadRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM leads l ${filterJoin(filter)}
        WHERE l.account_id = $1 AND ($2::uuid IS NULL OR l.id > $2::uuid)
        ORDER BY l.id LIMIT $3`,
      params,
    );
    return toPage(rows.map(toLead), page.limit);
  }

  async workspacesOf(
    accountId: string,
    leadIds: readonly string[],
  ): Promise<Map<string, LeadWorkspace[]>> {
    if (leadIds.length === 0) return new Map();
    const rows: (LeadWorkspace & { lead_id: string })[] = await this.dataSource.query(
      `SELECT lw.lead_id, w.workspace_id AS "workspaceId", lw.import_name AS "importName",
              lw.list_source AS "listSource", lw.exclusion_reason AS "exclusionReason", lw.icp,
              lw.tags, lw.lead_status AS "leadStatus"
         FROM lead_workspaces lw
         JOIN workspaces w ON w.account_id = lw.account_id AND w.id = lw.workspace_id
        WHERE lw.account_id = $1 AND lw.lead_id = ANY($2::uuid[])
        ORDER BY w.workspace_id`,
      [accountId, leadIds],
    );
    return groupBy(rows);
  }

  async connectionsOf(
    accountId: string,
    leadIds: readonly string[],
  ): Promise<Map<string, LeadConnection[]>> {
    if (leadIds.length === 0) return new Map();
    const rows: (LeadConnection & { lead_id: string })[] = await this.dataSource.query(
      `SELECT lead_id, sender, level FROM lead_connections
        WHERE account_id = $1 AND lead_id = ANY($2::uuid[])
        ORDER BY sender`,
      [accountId, leadIds],
    );
    return groupBy(rows);
  }
}
