import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_LENGTH } from '../../shared/domain/field';
import { Company } from '../domain/company';
import { Page } from '../../shared/domain/page';
import { encodeCursor } from '../../shared/domain/page';
import { PageQueryDto } from '../../shared/http/page-query.dto';

const nullableText = (description: string, example: string) =>
  ApiProperty({ type: String, nullable: true, description, example });

export class CompanyDto {
  @ApiProperty({ format: 'uuid', example: '6f1c1b7e-2f0a-4a4e-9b57-6d8d1e0f7c11' })
  id!: string;
  @nullableText('Most recently sent unified_company_id', 'cmp-42')
  unified_company_id!: string | null;
  @nullableText('Most recently sent domain, canonical form', 'acme.com')
  company_domain!: string | null;
  @nullableText(
    'Most recently sent LinkedIn URL, canonical form',
    'https://www.linkedin.com/company/acme',
  )
  company_linkedin_url!: string | null;
  @nullableText('As sent', 'Acme Inc.')
  company_name!: string | null;
  @nullableText('As sent', 'United States')
  company_country!: string | null;
  @nullableText('As sent', '201-500')
  company_employee_range!: string | null;
  @nullableText('As sent', 'information technology and services')
  company_industry!: string | null;
  @nullableText('As sent', 'We make anvils.')
  company_description!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 350 })
  company_employee_count!: number | null;
  @nullableText('Derived from company_name unless overridden', 'Acme')
  company_normalized_name!: string | null;
  @nullableText(
    'Derived from company_industry unless overridden',
    'Information Technology & Services',
  )
  company_normalized_industry!: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at!: string;
  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  static from(company: Company): CompanyDto {
    return {
      id: company.id,
      unified_company_id: company.unifiedCompanyId,
      company_domain: company.domain,
      company_linkedin_url: company.linkedinUrl,
      company_name: company.name,
      company_country: company.country,
      company_employee_range: company.employeeRange,
      company_industry: company.industry,
      company_description: company.description,
      company_employee_count: company.employeeCount,
      company_normalized_name: company.normalizedName,
      company_normalized_industry: company.normalizedIndustry,
      created_at: company.createdAt.toISOString(),
      updated_at: company.updatedAt.toISOString(),
    };
  }
}

export class CompanyPageDto {
  @ApiProperty({ type: [CompanyDto] })
  data!: CompanyDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor to get the next page; null on the last page',
  })
  next_cursor!: string | null;

  static from(page: Page<Company>): CompanyPageDto {
    return {
      data: page.items.map(CompanyDto.from),
      next_cursor: page.nextAfter === null ? null : encodeCursor(page.nextAfter),
    };
  }
}

export class ListCompaniesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Exact match (trimmed)', example: 'cmp-42' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.identifier)
  unified_company_id?: string;

  @ApiPropertyOptional({
    description: 'Any form of the domain (URL, www., case)',
    example: 'https://www.Acme.com',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.url)
  company_domain?: string;

  @ApiPropertyOptional({
    description: 'Any form of the company LinkedIn URL',
    example: 'linkedin.com/company/acme',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.url)
  company_linkedin_url?: string;
}
