import { PageRequest, Page } from '../../shared/domain/page';

/** A company as the read API shows it; identifiers in canonical form. */
export interface Company {
  id: string;
  unifiedCompanyId: string | null;
  domain: string | null;
  linkedinUrl: string | null;
  name: string | null;
  country: string | null;
  employeeRange: string | null;
  industry: string | null;
  description: string | null;
  employeeCount: number | null;
  normalizedName: string | null;
  normalizedIndustry: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type CompanyIdentifierKind =
  'unified_company_id' | 'company_domain' | 'company_linkedin_url';

/** Canonical identifier to look a company up by; absent = every company of the account. */
export interface CompanyFilter {
  kind: CompanyIdentifierKind;
  value: string;
}

export abstract class CompanyQueries {
  abstract findById(accountId: string, id: string): Promise<Company | null>;
  abstract findByIds(accountId: string, ids: readonly string[]): Promise<Company[]>;
  abstract list(
    accountId: string,
    filter: CompanyFilter | undefined,
    page: PageRequest,
  ): Promise<Page<Company>>;
}
