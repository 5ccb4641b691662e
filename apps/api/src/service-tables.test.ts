import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getTableConfig, PgTable, tables } from '@fretline/db';

/*
 * A service never reads another service's tables (ADR 0050): it asks that service's index.ts.
 * Each service owns the Postgres schema of its name; this reads every service's source (tests
 * aside, they may check any table) for the Drizzle tables it names and for schema-qualified SQL,
 * and fails on any table of another schema. The audit log's table (staff schema) belongs to
 * platform/audit, so no service names it either.
 */

const servicesDir = path.join(import.meta.dirname, 'services');
const SCHEMAS = ['auth', 'finance', 'messages', 'videos', 'analytics', 'staff', 'platform', 'mailers'];

/** The Drizzle name of every table (`users`, `auditLog`) with its schema and SQL name. */
const tableSchemas = new Map<string, { schema: string; sqlName: string }>();
for (const [name, value] of Object.entries(tables)) {
  if (!(value instanceof PgTable)) continue;
  const config = getTableConfig(value);
  tableSchemas.set(name, { schema: config.schema ?? 'public', sqlName: config.name });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The tables a file names: `tables.x`, `const { x, y } = tables`, and `schema.table` in SQL text. */
function tablesNamedIn(text: string): Array<{ schema: string; table: string }> {
  const found: Array<{ schema: string; table: string }> = [];
  const names = new Set([...text.matchAll(/\btables\.(\w+)/g)].map((m) => m[1]!));
  for (const m of text.matchAll(/const\s*\{([^}]*)\}\s*=\s*tables\b/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.split(':')[0]!.trim();
      if (name) names.add(name);
    }
  }
  for (const name of names) {
    const table = tableSchemas.get(name);
    if (table) found.push({ schema: table.schema, table: name });
  }
  const sqlNames = new Map([...tableSchemas.values()].map((t) => [`${t.schema}.${t.sqlName}`, t]));
  for (const m of text.matchAll(new RegExp(`"?\\b(${SCHEMAS.join('|')})"?\\."?(\\w+)"?`, 'g'))) {
    const table = sqlNames.get(`${m[1]}.${m[2]}`);
    if (table) found.push({ schema: table.schema, table: `${m[1]}.${m[2]}` });
  }
  return found;
}

describe('service tables', () => {
  it('knows the tables of every schema', () => {
    expect(new Set([...tableSchemas.values()].map((t) => t.schema))).toEqual(new Set(SCHEMAS));
  });

  it("finds a table of another schema named in a service's source", () => {
    expect(tablesNamedIn('const { users } = tables;')).toEqual([{ schema: 'auth', table: 'users' }]);
    expect(tablesNamedIn('db.select().from(tables.actions)')).toEqual([{ schema: 'analytics', table: 'actions' }]);
    expect(tablesNamedIn('leftJoin(sql`auth.users as a`, …)')).toEqual([{ schema: 'auth', table: 'auth.users' }]);
    expect(tablesNamedIn('from "auth"."user_roles" ur')).toEqual([{ schema: 'auth', table: 'auth.user_roles' }]);
  });

  for (const service of readdirSync(servicesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    it(`${service.name} names only its own schema's tables`, () => {
      const foreign = sourceFiles(path.join(servicesDir, service.name)).flatMap((file) =>
        tablesNamedIn(readFileSync(file, 'utf8'))
          .filter((t) => t.schema !== service.name)
          .map((t) => `${path.relative(servicesDir, file)}: ${t.table} (${t.schema})`),
      );
      expect(foreign).toEqual([]);
    });
  }
});
