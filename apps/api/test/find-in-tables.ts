import { sql, type Database } from '@fretline/db';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Every table (as `schema.table`) with a row whose text form contains `needle`, apart from those
 * listed in `except`: proves a secret is stored nowhere it should not be. A needle that starts or
 * ends with a digit must not touch another digit there, so a 6-digit code is not "found" inside a
 * longer number.
 */
export async function tablesHolding(db: Database, needle: string, except: string[] = []): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    ),
  );
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = `${/^\d/.test(needle) ? '(^|[^0-9])' : ''}${escaped}${/\d$/.test(needle) ? '([^0-9]|$)' : ''}`;
  const found: string[] = [];
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const [hit] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.raw(name)} t where t::text ~ ${pattern}`),
    );
    if ((hit?.n ?? 0) > 0) found.push(name);
  }
  return found;
}
