import type { CallAddress } from '../call.ts';

/** The staff console's calls' addresses (see ../call.ts); their schemas are in ../schemas/staff.ts. */
export const staffAddresses = {
  'staff.listAudit': { method: 'GET', path: '/staff/audit' },
  'staff.listMembers': { method: 'GET', path: '/staff/members' },
  'staff.getMember': { method: 'GET', path: '/staff/members/:idUser' },
  'staff.endMemberSession': { method: 'DELETE', path: '/staff/members/:idUser/sessions/:idSession' },
  'staff.setMemberRoles': { method: 'PUT', path: '/staff/members/:idUser/roles' },
  'staff.getAnalyticsReport': { method: 'GET', path: '/staff/analytics/:report' },
} as const satisfies Record<string, CallAddress>;
