import {
  AnalyticsQuerySchema,
  AnalyticsReportParamsSchema,
  AnalyticsReportResponseSchema,
  AuditListQuerySchema,
  AuditListResponseSchema,
  MemberIdParamsSchema,
  MemberListResponseSchema,
  MemberResponseSchema,
  MemberSearchQuerySchema,
  MemberSessionParamsSchema,
  RolesResponseSchema,
  SetRolesBodySchema,
  StaffSessionResponseSchema,
} from '../../calls/staff.ts';
import type { SchemasFor } from '../call.ts';
import type { staffAddresses } from '../addresses/staff.ts';

/** The staff console's calls' schemas, one entry per address in ../addresses/staff.ts. */
export const staffSchemas = {
  'staff.listAudit': {
    summary: 'The audit log, newest first, optionally for one target',
    query: AuditListQuerySchema,
    response: AuditListResponseSchema,
  },
  'staff.listMembers': {
    summary: 'Search members by name or e-mail (paged)',
    query: MemberSearchQuerySchema,
    response: MemberListResponseSchema,
  },
  'staff.getMember': {
    summary: 'One member with sessions, subscriptions and conversations',
    params: MemberIdParamsSchema,
    response: MemberResponseSchema,
  },
  'staff.endMemberSession': {
    summary: "End one of a member's sessions",
    params: MemberSessionParamsSchema,
    response: StaffSessionResponseSchema,
  },
  'staff.setMemberRoles': {
    conflict: "The change would take the caller's own last admin role.",
    summary: "Replace a member's roles",
    params: MemberIdParamsSchema,
    body: SetRolesBodySchema,
    response: RolesResponseSchema,
  },
  // `?format=csv` answers the same report as a CSV download instead of this JSON body.
  'staff.getAnalyticsReport': {
    summary: 'One analytics report for a date range: JSON for the charts, or CSV with format=csv',
    params: AnalyticsReportParamsSchema,
    query: AnalyticsQuerySchema,
    response: AnalyticsReportResponseSchema,
  },
} satisfies SchemasFor<typeof staffAddresses>;
