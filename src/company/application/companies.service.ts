import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain/domain-error';
import {
  normalizeCompanyDomain,
  normalizeCompanyLinkedinUrl,
  normalizeUnifiedId,
} from '../../shared/domain/identifiers';
import { Company, CompanyIdentifierKind, CompanyQueries } from '../domain/company';
import { Page } from '../../shared/domain/page';
import { readFilter } from '../../shared/domain/read-filter';
import { pageRequest } from '../../shared/domain/page-request';

export const COMPANY_FILTERS = {
  unified_company_id: normalizeUnifiedId,
  company_domain: normalizeCompanyDomain,
  company_linkedin_url: normalizeCompanyLinkedinUrl,
} satisfies Record<CompanyIdentifierKind, (raw: string) => string | null>;

export interface ListCompaniesQuery extends Partial<Record<CompanyIdentifierKind, string>> {
  limit?: number;
  cursor?: string;
}

@Injectable()
export class CompaniesService {
  constructor(private readonly companies: CompanyQueries) {}

  async get(accountId: string, id: string): Promise<Company> {
    const company = await this.companies.findById(accountId, id);
    if (!company) throw DomainError.notFound('Company');
    return company;
  }

  list(accountId: string, query: ListCompaniesQuery): Promise<Page<Company>> {
    const filter = readFilter<CompanyIdentifierKind>(query, COMPANY_FILTERS);
    return this.companies.list(accountId, filter, pageRequest(query.limit, query.cursor));
  }
}
