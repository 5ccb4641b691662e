import { and, eq, tables, type Database } from '@fretline/db';

const v = tables.videos;

export type StreamColumns = Partial<
  Pick<
    typeof v.$inferInsert,
    | 'streamStatus'
    | 'streamProgress'
    | 'streamError'
    | 'streamManifest'
    | 'streamFolder'
    | 'streamPoster'
    | 'streamPreview'
    | 'streamPosterChoices'
    | 'streamDuration'
    | 'streamWidth'
    | 'streamHeight'
    | 'streamBitrate'
    | 'videoPublished'
  >
>;

/** What a processing job reads of its video. */
export async function findStreamState(db: Database, idVideo: number) {
  const [row] = await db
    .select({
      idVideo: v.idVideo,
      streamSource: v.streamSource,
      streamStatus: v.streamStatus,
      streamFolder: v.streamFolder,
      streamPoster: v.streamPoster,
      streamPosterChoices: v.streamPosterChoices,
    })
    .from(v)
    .where(eq(v.idVideo, idVideo));
  return row ?? null;
}

/**
 * Writes a job's results, but only while the video still wants this source: an editor who
 * uploaded another file meanwhile has superseded the job. Returns whether the row was written.
 */
export async function updateStreamIfSource(
  db: Database,
  idVideo: number,
  source: string,
  columns: StreamColumns,
): Promise<boolean> {
  const rows = await db
    .update(v)
    .set(columns)
    .where(and(eq(v.idVideo, idVideo), eq(v.streamSource, source)))
    .returning({ idVideo: v.idVideo });
  return rows.length > 0;
}
