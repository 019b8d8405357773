import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Company, CompanyFilter, CompanyQueries } from '../domain/company';
import { Page, PageRequest, toPage } from '../../shared/domain/page';

interface CompanyRow {
  id: string;
  unified_company_id: string | null;
  domain: string | null;
  linkedin_url: string | null;
  name: string | null;
  country: string | null;
  employee_range: string | null;
  industry: string | null;
  description: string | null;
  employee_count: number | null;
  normalized_name: string | null;
  normalized_industry: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `c.id, c.unified_company_id, c.domain, c.linkedin_url, c.name, c.country,
  c.employee_range, c.industry, c.description, c.employee_count, c.normalized_name,
  c.normalized_industry, c.created_at, c.updated_at`;

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    unifiedCompanyId: row.unified_company_id,
    domain: row.domain,
    linkedinUrl: row.linkedin_url,
    name: row.name,
    country: row.country,
    employeeRange: row.employee_range,
    industry: row.industry,
    description: row.description,
    employeeCount: row.employee_count,
    normalizedName: row.normalized_name,
    normalizedIndustry: row.normalized_industry,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

@Injectable()
export class SqlCompanyQueries extends CompanyQueries {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findById(accountId: string, id: string): Promise<Company | null> {
    const [company] = await this.findByIds(accountId, [id]);
    return company ?? null;
  }

  async findByIds(accountId: string, ids: readonly string[]): Promise<Company[]> {
    if (ids.length === 0) return [];
    const rows: CompanyRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM companies c WHERE c.account_id = $1 AND c.id = ANY($2::uuid[])`,
      [accountId, ids],
    );
    return rows.map(toCompany);
  }

  async list(
    accountId: string,
    filter: CompanyFilter | undefined,
    page: PageRequest,
  ): Promise<Page<Company>> {
    const params: unknown[] = [accountId, page.after ?? null, page.limit + 1];
    let join = '';
    if (filter) {
      params.push(filter.kind, filter.value);
      join = `JOIN company_identifiers i ON i.account_id = c.account_id AND i.company_id = c.id
               AND i.kind = $4 AND i.value = $5`;
    }
    const rows: CompanyRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM companies c ${join}
        WHERE c.account_id = $1 AND ($2::uuid IS NULL OR c.id > $2::uuid)
        ORDER BY c.id LIMIT $3`,
      params,
    );
    return toPage(rows.map(toCompany), page.limit);
  }
}
