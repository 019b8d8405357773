import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../shared/http/page-query.dto';
import { MAX_LENGTH } from '../../shared/domain/field';

const filter = (description: string, example: string) =>
  ApiPropertyOptional({ description, example });

export class ListLeadsQueryDto extends PageQueryDto {
  @filter('Exact match (trimmed)', 'lead-8812')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.identifier)
  unified_lead_id?: string;

  @filter('Any letter case', 'Ada@Acme.com')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.email)
  lead_email?: string;

  @filter('Any form of the profile URL', 'http://uk.linkedin.com/in/Ada-Lovelace/')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.url)
  lead_linkedin_url?: string;

  @filter(
    'Any form of the Sales Navigator URL',
    'https://www.linkedin.com/sales/people/ACwAAAB1c2E,NAME_SEARCH',
  )
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.url)
  lead_sales_navigator_url?: string;

  @filter('Exact match (trimmed)', 'ACoAAB12xyz')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.identifier)
  lead_linkedin_id?: string;

  @filter('Leads that belong to this workspace', 'ws-emea')
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.identifier)
  workspace_id?: string;
}
