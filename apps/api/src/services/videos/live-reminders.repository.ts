import { and, eq, isNull, tables, type Database } from '@fretline/db';

const r = tables.liveStreamReminders;
const l = tables.liveStreams;

/** A published stream's times and title, by id. */
export async function findPublishedStream(db: Database, idLiveStream: number) {
  const [row] = await db
    .select({
      idLiveStream: l.idLiveStream,
      streamSlug: l.streamSlug,
      streamTitle: l.streamTitle,
      streamStarts: l.streamStarts,
      streamEnds: l.streamEnds,
    })
    .from(l)
    .where(and(eq(l.idLiveStream, idLiveStream), eq(l.streamPublished, true)));
  return row ?? null;
}

export async function hasReminder(db: Database, idLiveStream: number, idUser: number): Promise<boolean> {
  const [row] = await db
    .select({ idUser: r.idUser })
    .from(r)
    .where(and(eq(r.idLiveStream, idLiveStream), eq(r.idUser, idUser)));
  return !!row;
}

/** Asks (again): the zone is updated; a reminder already sent stays sent. */
export async function upsertReminder(db: Database, idLiveStream: number, idUser: number, timeZone: string, now: Date) {
  await db
    .insert(r)
    .values({ idLiveStream, idUser, reminderTimeZone: timeZone, reminderCreated: now })
    .onConflictDoUpdate({ target: [r.idLiveStream, r.idUser], set: { reminderTimeZone: timeZone } });
}

export async function deleteReminder(db: Database, idLiveStream: number, idUser: number) {
  await db.delete(r).where(and(eq(r.idLiveStream, idLiveStream), eq(r.idUser, idUser)));
}

/**
 * Marks every unsent reminder of a stream sent and answers whom to write to (user and zone): one
 * statement, so two workers looking at the same stream never both send.
 */
export async function claimUnsentReminders(db: Database, idLiveStream: number, now: Date) {
  return db
    .update(r)
    .set({ reminderSent: now })
    .where(and(eq(r.idLiveStream, idLiveStream), isNull(r.reminderSent)))
    .returning({ idUser: r.idUser, timeZone: r.reminderTimeZone });
}

/** The start moved: every reminder of the stream is due again (for the new time); who asked for one. */
export async function resetReminders(db: Database, idLiveStream: number) {
  return db.update(r).set({ reminderSent: null }).where(eq(r.idLiveStream, idLiveStream)).returning({ idUser: r.idUser });
}
