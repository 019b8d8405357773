import { ApiProperty } from '@nestjs/swagger';
import { CompanyDto } from '../../company/api/company.dto';
import { encodeCursor, Page } from '../../shared/domain/page';
import { LeadConnection, LeadDetails, LeadWorkspace } from '../domain/lead';

const nullableText = (description: string, example: string) =>
  ApiProperty({ type: String, nullable: true, description, example });

export class LeadWorkspaceDto {
  @ApiProperty({ example: 'ws-emea' })
  workspace_id!: string;
  @nullableText('As sent', 'March webinar list')
  import_name!: string | null;
  @nullableText('As sent', 'Clay')
  list_source!: string | null;
  @nullableText('As sent', 'competitor')
  exclusion_reason!: string | null;
  @nullableText('As sent', 'tier 1')
  icp!: string | null;
  @ApiProperty({ type: [String], nullable: true, example: ['vip', 'q3'] })
  tags!: string[] | null;
  @nullableText('As sent', 'replied')
  lead_status!: string | null;

  static from(workspace: LeadWorkspace): LeadWorkspaceDto {
    return {
      workspace_id: workspace.workspaceId,
      import_name: workspace.importName,
      list_source: workspace.listSource,
      exclusion_reason: workspace.exclusionReason,
      icp: workspace.icp,
      tags: workspace.tags,
      lead_status: workspace.leadStatus,
    };
  }
}

export class LeadConnectionDto {
  @ApiProperty({
    description: 'Canonical LinkedIn profile URL of the sender',
    example: 'https://www.linkedin.com/in/sales-rep',
  })
  sender!: string;
  @ApiProperty({ enum: [1, 2, 3], example: 2 })
  linkedin_connection_level!: number;

  static from(connection: LeadConnection): LeadConnectionDto {
    return { sender: connection.sender, linkedin_connection_level: connection.level };
  }
}

export class LeadDto {
  @ApiProperty({ format: 'uuid', example: '0f8fad5b-d9cb-469f-a165-70867728950e' })
  id!: string;
  @nullableText('Most recently sent unified_lead_id of this lead', 'lead-8812')
  unified_lead_id!: string | null;
  @nullableText(
    'Most recently sent email of this lead (canonical form); the lead matches every email it was sent with',
    'ada@acme.com',
  )
  lead_email!: string | null;
  @nullableText(
    'Most recently sent profile URL, canonical form',
    'https://www.linkedin.com/in/ada-lovelace',
  )
  lead_linkedin_url!: string | null;
  @nullableText(
    'Most recently sent Sales Navigator URL, canonical form',
    'https://www.linkedin.com/sales/lead/ACwAAAB1c2E',
  )
  lead_sales_navigator_url!: string | null;
  @nullableText('Most recently sent LinkedIn member id', 'ACoAAB12xyz')
  lead_linkedin_id!: string | null;
  @nullableText('As sent', 'Ada')
  lead_first_name!: string | null;
  @nullableText('As sent', 'Lovelace')
  lead_last_name!: string | null;
  @nullableText('As sent', 'Ada Lovelace')
  lead_full_name!: string | null;
  @nullableText('As sent', 'United Kingdom')
  lead_country!: string | null;
  @nullableText('As sent', 'CTO')
  lead_job_title!: string | null;
  @nullableText('As sent', 'C-Level')
  lead_seniority!: string | null;
  @nullableText('As sent', 'Engineering')
  lead_function!: string | null;
  @nullableText('As sent', 'Building analytical engines')
  lead_linkedin_headline!: string | null;
  @nullableText('As sent', 'London')
  lead_reporting_location!: string | null;
  @nullableText('Source system of the last update that named one', 'clay')
  platform!: string | null;
  @ApiProperty({
    type: CompanyDto,
    nullable: true,
    description: 'The company of the last update that named both',
  })
  company!: CompanyDto | null;
  @ApiProperty({ type: [LeadWorkspaceDto] })
  workspaces!: LeadWorkspaceDto[];
  @ApiProperty({ type: [LeadConnectionDto] })
  connections!: LeadConnectionDto[];
  @ApiProperty({ format: 'date-time' })
  created_at!: string;
  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  static from(lead: LeadDetails): LeadDto {
    return {
      id: lead.id,
      unified_lead_id: lead.unifiedLeadId,
      lead_email: lead.email,
      lead_linkedin_url: lead.linkedinUrl,
      lead_sales_navigator_url: lead.salesNavigatorUrl,
      lead_linkedin_id: lead.linkedinId,
      lead_first_name: lead.firstName,
      lead_last_name: lead.lastName,
      lead_full_name: lead.fullName,
      lead_country: lead.country,
      lead_job_title: lead.jobTitle,
      lead_seniority: lead.seniority,
      lead_function: lead.jobFunction,
      lead_linkedin_headline: lead.linkedinHeadline,
      lead_reporting_location: lead.reportingLocation,
      platform: lead.platform,
      company: lead.company ? CompanyDto.from(lead.company) : null,
      workspaces: lead.workspaces.map(LeadWorkspaceDto.from),
      connections: lead.connections.map(LeadConnectionDto.from),
      created_at: lead.createdAt.toISOString(),
      updated_at: lead.updatedAt.toISOString(),
    };
  }
}

export class LeadPageDto {
  @ApiProperty({ type: [LeadDto] })
  data!: LeadDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor to get the next page; null on the last page',
  })
  next_cursor!: string | null;

  static from(page: Page<LeadDetails>): LeadPageDto {
    return {
      data: page.items.map(LeadDto.from),
      next_cursor: page.nextAfter === null ? null : encodeCursor(page.nextAfter),
    };
  }
}
