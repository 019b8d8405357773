import { Company } from '../../company/domain/company';
import { Page, PageRequest } from '../../shared/domain/page';

export interface LeadWorkspace {
  workspaceId: string;
  importName: string | null;
  listSource: string | null;
  exclusionReason: string | null;
  icp: string | null;
  tags: string[] | null;
  leadStatus: string | null;
}

export interface LeadConnection {
  sender: string;
  level: number;
}

/** A lead as the read API shows it; identifiers in canonical form. */
export interface Lead {
  id: string;
  unifiedLeadId: string | null;
  email: string | null;
  linkedinUrl: string | null;
  salesNavigatorUrl: string | null;
  linkedinId: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  country: string | null;
  jobTitle: string | null;
  seniority: string | null;
  jobFunction: string | null;
  linkedinHeadline: string | null;
  reportingLocation: string | null;
  platform: string | null;
  companyId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A lead with what hangs off it, as GET /v1/leads returns it. */
export interface LeadDetails extends Lead {
  company: Company | null;
  workspaces: LeadWorkspace[];
  connections: LeadConnection[];
}

export type LeadIdentifierKind =
  | 'unified_lead_id'
  | 'lead_email'
  | 'lead_linkedin_url'
  | 'lead_sales_navigator_url'
  | 'lead_linkedin_id';

export type LeadFilter =
  { kind: LeadIdentifierKind; value: string } | { kind: 'workspace_id'; value: string };

export abstract class LeadQueries {
  abstract findById(accountId: string, id: string): Promise<Lead | null>;
  abstract list(
    accountId: string,
    filter: LeadFilter | undefined,
    page: PageRequest,
  ): Promise<Page<Lead>>;
  /** Memberships of all the leads, one query. */
  abstract workspacesOf(
    accountId: string,
    leadIds: readonly string[],
  ): Promise<Map<string, LeadWorkspace[]>>;
  /** Connection levels of all the leads, one query. */
  abstract connectionsOf(
    accountId: string,
    leadIds: readonly string[],
  ): Promise<Map<string, LeadConnection[]>>;
}
