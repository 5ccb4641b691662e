import type { Database } from '@fretline/db';
import { notFound } from '../../plugins/errors.ts';
import { findLiveStreams, findStreamSlugByFormerSlug } from './live-streams.repository.ts';

/** A published live stream by its slug or by a slug it had before; 404 when there is none. */
export async function requirePublishedStream(db: Database, slug: string) {
  let [row] = await findLiveStreams(db, slug);
  if (!row) {
    const current = await findStreamSlugByFormerSlug(db, slug);
    if (current) [row] = await findLiveStreams(db, current);
  }
  if (!row) throw notFound(undefined, 'STREAM_NOT_FOUND');
  return row.stream;
}
