import { Injectable } from '@nestjs/common';
import { pageRequest } from '../../shared/domain/page-request';
import { Company, CompanyQueries } from '../../company/domain/company';
import { Page } from '../../shared/domain/page';
import { readFilter } from '../../shared/domain/read-filter';
import { DomainError } from '../../shared/domain/domain-error';
import {
  normalizeEmail,
  normalizeLinkedinProfileUrl,
  normalizeSalesNavigatorUrl,
  normalizeUnifiedId,
} from '../../shared/domain/identifiers';
import { Lead, LeadDetails, LeadFilter, LeadQueries } from '../domain/lead';

export const LEAD_FILTERS = {
  unified_lead_id: normalizeUnifiedId,
  lead_email: normalizeEmail,
  lead_linkedin_url: normalizeLinkedinProfileUrl,
  lead_sales_navigator_url: normalizeSalesNavigatorUrl,
  lead_linkedin_id: normalizeUnifiedId,
  workspace_id: normalizeUnifiedId,
} satisfies Record<LeadFilter['kind'], (raw: string) => string | null>;

export interface ListLeadsQuery extends Partial<Record<LeadFilter['kind'], string>> {
  limit?: number;
  cursor?: string;
}

@Injectable()
export class LeadsService {
  constructor(
    private readonly leads: LeadQueries,
    private readonly companies: CompanyQueries,
  ) {}

  async get(accountId: string, id: string): Promise<LeadDetails> {
    const lead = await this.leads.findById(accountId, id);
    if (!lead) throw DomainError.notFound('Lead');
    const [details] = await this.withDetails(accountId, [lead]);
    return details;
  }

  async list(accountId: string, query: ListLeadsQuery): Promise<Page<LeadDetails>> {
    const filter = readFilter<LeadFilter['kind']>(query, LEAD_FILTERS);
    const page = await this.leads.list(accountId, filter, pageRequest(query.limit, query.cursor));
    return { items: await this.withDetails(accountId, page.items), nextAfter: page.nextAfter };
  }

  /** One query per nested part for the whole page, never one per lead. */
  private async withDetails(accountId: string, leads: Lead[]): Promise<LeadDetails[]> {
    const ids = leads.map((lead) => lead.id);
    const companyIds = [...new Set(leads.flatMap((lead) => lead.companyId ?? []))];
    const [companies, workspaces, connections] = await Promise.all([
      this.companies.findByIds(accountId, companyIds),
      this.leads.workspacesOf(accountId, ids),
      this.leads.connectionsOf(accountId, ids),
    ]);
    const companyById = new Map<string, Company>(companies.map((c) => [c.id, c]));
    return leads.map((lead) => ({
      ...lead,
      company: (lead.companyId && companyById.get(lead.companyId)) || null,
      workspaces: workspaces.get(lead.id) ?? [],
      connections: connections.get(lead.id) ?? [],
    }));
  }
}
