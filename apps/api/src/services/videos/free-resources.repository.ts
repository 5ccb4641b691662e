import { and, asc, type Database, eq, tables } from '@fretline/db';
import type { VideoRow } from './videos.repository.ts';

// The free downloads and the free lessons shown beside them.

const v = tables.videos;

/** The published free resources in display order (drafts are the editor's alone). */
export async function findFreeResources(db: Database) {
  const r = tables.freeResources;
  return db.select().from(r).where(eq(r.resourcePublished, true)).orderBy(asc(r.resourceOrder), asc(r.idFreeResource));
}

export async function findFreeLessons(db: Database, limit: number): Promise<VideoRow[]> {
  return db
    .select()
    .from(v)
    .where(and(eq(v.videoPublished, true), eq(v.videoPremium, false), eq(v.videoCategory, 'Lesson')))
    .orderBy(asc(v.videoOrder))
    .limit(limit);
}
