import { EDITOR_STREAM_PAGE_SIZE, type EditorLiveStream, type EditorLiveStreamBody } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { signedMediaUrl } from '../../../platform/media/index.ts';
import { AppError, badRequest, notFound } from '../../../plugins/errors.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { cleanHtml, diffFields, withSlugRace } from './courses-editor.service.ts';
import * as repo from './live-editor.repository.ts';
import { newStreamKey } from '../live-ingest.service.ts';
import { rescheduleLiveReminders } from '../live-reminders.service.ts';
import type { EditorContext } from './videos-editor.service.ts';

const STREAM_NOT_FOUND_TEXT = 'That live stream cannot be found; it may have been deleted.';
const TARGET = 'live_stream';

const streamNotFound = () => notFound(STREAM_NOT_FOUND_TEXT, 'STREAM_NOT_FOUND');
type ReadContext = Pick<EditorContext, 'db' | 'store' | 'now'>;

function toEditorStream(ctx: ReadContext, row: repo.StreamWithReplay, slugHistory: string[]): EditorLiveStream {
  const s = row.stream;
  return {
    id_live_stream: s.idLiveStream,
    stream_slug: s.streamSlug,
    stream_title: s.streamTitle,
    stream_description: s.streamDescription,
    stream_starts: s.streamStarts,
    stream_ends: s.streamEnds,
    stream_manifest: s.streamManifest,
    stream_poster: s.streamPoster,
    stream_poster_signed: signedMediaUrl(ctx, s.streamPoster),
    stream_premium: s.streamPremium,
    stream_published: s.streamPublished,
    stream_auto_replay: s.streamAutoReplay,
    id_video_replay: s.idVideoReplay,
    stream_replay:
      row.replayId !== null && row.replaySlug !== null && row.replayTitle !== null
        ? {
            id_video: row.replayId,
            video_slug: row.replaySlug,
            video_title: row.replayTitle,
            video_published: row.replayPublished ?? false,
          }
        : null,
    stream_updated: s.streamUpdated,
    stream_slug_history: slugHistory,
    // The routes fill the ingest address and show the key to the Staff group only (ADR 0063).
    stream_ingest_url: null,
    stream_key: s.streamKey,
    stream_ingest_help: null,
    stream_on_air: onAir(s.ingestState),
  };
}

export function onAir(state: string): EditorLiveStream['stream_on_air'] {
  return state === 'live' || state === 'reconnecting' || state === 'ended' ? state : 'idle';
}

export async function listEditorStreams(ctx: ReadContext, query: { limit?: number | undefined; offset?: number | undefined }) {
  const { rows, total } = await repo.findStreamPage(ctx.db, query.limit ?? EDITOR_STREAM_PAGE_SIZE, query.offset ?? 0);
  // The list does not show earlier slugs; one stream's page does.
  return { streams: rows.map((r) => toEditorStream(ctx, r, [])), total };
}

export async function getEditorStream(ctx: ReadContext, idLiveStream: number): Promise<EditorLiveStream> {
  const [row, slugHistory] = await Promise.all([
    repo.findStreamWithReplay(ctx.db, idLiveStream),
    repo.findSlugHistory(ctx.db, idLiveStream),
  ]);
  if (!row) throw streamNotFound();
  return toEditorStream(ctx, row, slugHistory);
}

/** Slugs are unique; an earlier slug of another stream still redirects there, so it is taken too. */
async function requireFreeSlug(db: Database, slug: string, idLiveStream: number | null): Promise<void> {
  const holder = await repo.findSlugHolder(db, slug);
  if (!holder || holder.idLiveStream === idLiveStream) return;
  const message = holder.current
    ? `The slug “${slug}” is already used by the live stream “${holder.streamTitle}”. Choose another.`
    : `The slug “${slug}” still redirects to the live stream “${holder.streamTitle}”, which used it before. Choose another.`;
  throw new AppError('SLUG_TAKEN', 409, message, 'stream_slug');
}

async function requireReplayExists(db: Database, idVideo: number | null): Promise<void> {
  if (idVideo !== null && !(await repo.videoExists(db, idVideo))) {
    throw badRequest('That replay video does not exist; it may have been deleted.', 'id_video_replay', 'VIDEO_NOT_FOUND');
  }
}

function toStreamColumns(body: EditorLiveStreamBody): repo.LiveStreamInsert {
  return {
    streamTitle: body.stream_title,
    streamSlug: body.stream_slug,
    streamDescription: cleanHtml(body.stream_description, 'stream_description'),
    streamStarts: body.stream_starts,
    streamEnds: body.stream_ends,
    streamManifest: body.stream_manifest,
    streamPoster: body.stream_poster,
    streamPremium: body.stream_premium,
    streamAutoReplay: body.stream_auto_replay,
    idVideoReplay: body.id_video_replay,
  };
}

/** POST: a new stream, always a draft. */
export async function createStream(ctx: EditorContext, body: EditorLiveStreamBody): Promise<EditorLiveStream> {
  const columns = toStreamColumns(body);
  const id = await withSlugRace('stream_slug', body.stream_slug, 'live stream', () =>
    ctx.db.transaction(async (tx) => {
      await requireFreeSlug(tx, body.stream_slug, null);
      await requireReplayExists(tx, body.id_video_replay);
      const idLiveStream = await repo.insertStream(tx, {
        ...columns,
        streamPublished: false,
        streamUpdated: ctx.now,
        streamKey: newStreamKey(),
      });
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'live_stream.create',
          targetType: TARGET,
          targetId: idLiveStream,
          diff: { stream_title: body.stream_title, stream_slug: body.stream_slug, stream_starts: body.stream_starts },
        },
        ctx.now,
      );
      return idLiveStream;
    }),
  );
  return getEditorStream(ctx, id);
}

const UPDATE_SKIP = [
  'stream_updated',
  'stream_poster_signed',
  'stream_replay',
  'stream_slug_history',
  'stream_ingest_url',
  'stream_key',
  'stream_ingest_help',
  'stream_on_air',
] as const;

/** A new secret key (ADR 0063): the old one stops working at once; audited without the key itself. */
export async function regenerateStreamKey(ctx: EditorContext, idLiveStream: number): Promise<EditorLiveStream> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findStream(tx, idLiveStream, true);
    if (!current) throw streamNotFound();
    await repo.updateStream(tx, idLiveStream, { streamKey: newStreamKey() });
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'live_stream.regenerate_key',
        targetType: TARGET,
        targetId: idLiveStream,
        diff: { stream_title: current.streamTitle },
      },
      ctx.now,
    );
  });
  return getEditorStream(ctx, idLiveStream);
}

/** A stream made before keys existed gets one the first time the Staff group reads it. */
export async function ensureStreamKey(db: Database, idLiveStream: number): Promise<string | null> {
  const current = await repo.findStream(db, idLiveStream);
  if (!current) return null;
  if (current.streamKey) return current.streamKey;
  const key = newStreamKey();
  await repo.updateStream(db, idLiveStream, { streamKey: key });
  return key;
}

/** PUT: replaces the stream's fields; a new slug keeps /live/<old> redirecting (301). */
export async function updateStream(
  ctx: EditorContext,
  idLiveStream: number,
  body: EditorLiveStreamBody,
): Promise<EditorLiveStream> {
  const columns = toStreamColumns(body);
  await withSlugRace('stream_slug', body.stream_slug, 'live stream', () =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findStream(tx, idLiveStream, true);
      if (!current) throw streamNotFound();
      const before = await getEditorStream({ ...ctx, db: tx }, idLiveStream);
      const slugChanged = body.stream_slug !== current.streamSlug;
      if (slugChanged) await requireFreeSlug(tx, body.stream_slug, idLiveStream);
      await requireReplayExists(tx, body.id_video_replay);
      await repo.updateStream(tx, idLiveStream, { ...columns, streamUpdated: ctx.now });
      if (slugChanged) await repo.recordSlugChange(tx, idLiveStream, current.streamSlug, body.stream_slug, ctx.now);
      if (current.streamStarts.getTime() !== body.stream_starts.getTime()) {
        await rescheduleLiveReminders(tx, idLiveStream, body.stream_starts, ctx.now);
      }
      const after = await getEditorStream({ ...ctx, db: tx }, idLiveStream);
      const diff = diffFields(before, after, UPDATE_SKIP);
      if (Object.keys(diff).length) {
        await recordAudit(
          tx,
          ctx.auth,
          { action: 'live_stream.update', targetType: TARGET, targetId: idLiveStream, diff },
          ctx.now,
        );
      }
    }),
  );
  return getEditorStream(ctx, idLiveStream);
}

export async function setStreamPublished(
  ctx: EditorContext,
  idLiveStream: number,
  published: boolean,
): Promise<EditorLiveStream> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findStream(tx, idLiveStream, true);
    if (!current) throw streamNotFound();
    if (current.streamPublished === published) return;
    await repo.updateStream(tx, idLiveStream, { streamPublished: published, streamUpdated: ctx.now });
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: published ? 'live_stream.publish' : 'live_stream.unpublish',
        targetType: TARGET,
        targetId: idLiveStream,
        diff: { stream_title: current.streamTitle, stream_published: { from: current.streamPublished, to: published } },
      },
      ctx.now,
    );
  });
  return getEditorStream(ctx, idLiveStream);
}

/** DELETE: the stream and its slug history go; the replay video stays. */
export async function deleteStream(ctx: EditorContext, idLiveStream: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findStream(tx, idLiveStream, true);
    if (!current) throw streamNotFound();
    await repo.deleteStream(tx, idLiveStream);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'live_stream.delete',
        targetType: TARGET,
        targetId: idLiveStream,
        diff: { stream_title: current.streamTitle, stream_slug: current.streamSlug, stream_published: current.streamPublished },
      },
      ctx.now,
    );
  });
}
