import { and, type Database, eq, tables } from '@fretline/db';

// The practice player's settings: one row per person, video and screen class, always scoped by the owner.

const p = tables.practiceSettings;
export type PracticeRow = typeof p.$inferSelect;
export type PracticeWrite = Omit<PracticeRow, 'idUser' | 'idVideo' | 'practiceScreen' | 'practiceUpdated'>;

export async function findPractice(
  db: Database,
  idUser: number,
  idVideo: number,
  screen: string,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.idUser, idUser), eq(p.idVideo, idVideo), eq(p.practiceScreen, screen)))
    .limit(1);
  return row;
}

/** Writes the whole set (a PUT replaces it) and returns the row as stored. */
export async function upsertPractice(
  db: Database,
  key: { idUser: number; idVideo: number; screen: string },
  values: PracticeWrite,
  now: Date,
): Promise<PracticeRow> {
  const [row] = await db
    .insert(p)
    .values({ ...values, idUser: key.idUser, idVideo: key.idVideo, practiceScreen: key.screen, practiceUpdated: now })
    .onConflictDoUpdate({ target: [p.idUser, p.idVideo, p.practiceScreen], set: { ...values, practiceUpdated: now } })
    .returning();
  if (!row) throw new Error('practice settings not written');
  return row;
}
