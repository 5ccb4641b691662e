// The staff console service's public surface (issue 7): other services and plugins import only from here.
export { staffRoutes } from './staff.routes.ts';
export { eraseStaffPersonalData, recordAudit, type AuditInput } from './audit.ts';
