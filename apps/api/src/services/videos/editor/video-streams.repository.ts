import { and, desc, eq, ilike, tables, type Database } from '@fretline/db';

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
 * Every video whose uploaded file was processed into renditions of ours (`streams/…`), newest
 * change first: the streams the media library offers (ADR 0068).
 */
export async function findProcessedStreams(db: Database) {
  const rows = await db
    .select({
      videoTitle: v.videoTitle,
      streamManifest: v.streamManifest,
      streamPoster: v.streamPoster,
      videoUpdated: v.videoUpdated,
    })
    .from(v)
    .where(and(eq(v.streamStatus, 'ready'), ilike(v.streamManifest, 'streams/%')))
    .orderBy(desc(v.videoUpdated))
    .limit(1000);
  return rows.flatMap((row) => (row.streamManifest ? [{ ...row, streamManifest: row.streamManifest }] : []));
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
