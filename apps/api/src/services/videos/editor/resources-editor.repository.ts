import { asc, eq, sql, tables, type Database } from '@fretline/db';

const r = tables.freeResources;

export type ResourceRow = typeof tables.freeResources.$inferSelect;
export type ResourceInsert = typeof tables.freeResources.$inferInsert;

/** Every free resource, drafts included, in the order /free-resources shows them. */
export async function findResources(db: Database): Promise<ResourceRow[]> {
  return db.select().from(r).orderBy(asc(r.resourceOrder), asc(r.idFreeResource));
}

/** The resource row, locked for the rest of the transaction when `forUpdate`. */
export async function findResource(db: Database, idFreeResource: number, forUpdate = false): Promise<ResourceRow | undefined> {
  const query = db.select().from(r).where(eq(r.idFreeResource, idFreeResource)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findBySlug(
  db: Database,
  slug: string,
): Promise<{ idFreeResource: number; resourceTitle: string } | undefined> {
  const [row] = await db
    .select({ idFreeResource: r.idFreeResource, resourceTitle: r.resourceTitle })
    .from(r)
    .where(eq(r.resourceSlug, slug))
    .limit(1);
  return row;
}

/** The order a new resource takes: after the last one. */
export async function nextResourceOrder(db: Database): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${r.resourceOrder})` }).from(r);
  return (row?.max ?? 0) + 10;
}

export async function insertResource(db: Database, values: ResourceInsert): Promise<number> {
  const [row] = await db.insert(r).values(values).returning({ idFreeResource: r.idFreeResource });
  if (!row) throw new Error('free resource not written');
  return row.idFreeResource;
}

export async function updateResource(db: Database, idFreeResource: number, values: Partial<ResourceInsert>): Promise<void> {
  await db.update(r).set(values).where(eq(r.idFreeResource, idFreeResource));
}

export async function deleteResource(db: Database, idFreeResource: number): Promise<void> {
  await db.delete(r).where(eq(r.idFreeResource, idFreeResource));
}

/** Every resource id, locked, so two reorders take turns. */
export async function lockAllResourceIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ idFreeResource: r.idFreeResource })
    .from(r)
    .orderBy(asc(r.resourceOrder), asc(r.idFreeResource))
    .for('update');
  return rows.map((row) => row.idFreeResource);
}

/** resource_order = 10, 20, 30… in the given order. */
export async function setResourceOrder(db: Database, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  const pairs = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${(i + 1) * 10}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${r} set resource_order = o.n, resource_updated = ${now} from (values ${pairs}) as o(id, n) where ${r.idFreeResource} = o.id and ${r.resourceOrder} <> o.n`,
  );
}
