// The audit log's public surface (ADR 0050): services record and list changes only through here.
export { auditedActions, eraseAuditPersonalData, listAudit, OPERATOR_ACTOR, recordAudit, recordOperatorAudit } from './audit.ts';
