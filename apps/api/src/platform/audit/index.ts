// The audit log's public surface (ADR 0050): services record and list changes only through here.
export { auditedActions, eraseAuditPersonalData, listAudit, recordAudit } from './audit.ts';
