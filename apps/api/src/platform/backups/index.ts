// Scheduled backups' public surface (ADR 0084).
export { backupsPlugin } from './backups.ts';
