import { and, asc, type Database, eq, tables } from '@fretline/db';

// The published live streams and the slugs they had before.

const v = tables.videos;

export async function findLiveStreams(db: Database, slug?: string) {
  const l = tables.liveStreams;
  return db
    .select({ stream: l, replaySlug: v.videoSlug, replayTitle: v.videoTitle })
    .from(l)
    .leftJoin(v, and(eq(v.idVideo, l.idVideoReplay), eq(v.videoPublished, true)))
    .where(slug ? and(eq(l.streamPublished, true), eq(l.streamSlug, slug)) : eq(l.streamPublished, true))
    .orderBy(asc(l.streamStarts));
}

/** The current slug of the live stream that used `slug` before, if any. */
export async function findStreamSlugByFormerSlug(db: Database, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: tables.liveStreams.streamSlug })
    .from(tables.liveStreamSlugHistory)
    .innerJoin(tables.liveStreams, eq(tables.liveStreams.idLiveStream, tables.liveStreamSlugHistory.idLiveStream))
    .where(eq(tables.liveStreamSlugHistory.oldSlug, slug))
    .limit(1);
  return row?.slug;
}
