export { createDb, type Database, type DbHandle, type CreateDbOptions } from './client.ts';
export { migrate, migrationsFolder } from './migrate.ts';
export { seedIfEmpty, seed } from './seed/index.ts';
export { createSuperadmin } from './admin/superadmin.ts';
export { createBackup } from './backup/backup.ts';
export * as tables from './schema/index.ts';
// Query helpers re-exported so every package uses this package's one copy of drizzle-orm.
export {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  isNotNull,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
} from 'drizzle-orm';
export type { SQL } from 'drizzle-orm';
// Schema introspection, for the test that every column holding personal data is erased (ADR 0046).
export { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
