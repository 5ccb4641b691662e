import type { LiveStream } from '@fretline/contract';
import { signedMediaUrl } from '../../platform/media/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { isStreamLocked, type Viewer } from './lock-rules.ts';
import { sanitizeSectionHtml, type VideosContext } from './videos.context.ts';
import { findLiveStreams, findStreamSlugByFormerSlug } from './live-streams.repository.ts';
import { onAir as onAir_ } from './editor/live-editor.service.ts';

// Live streams: live now, upcoming and past, locked for non-members when premium.

function streamStatus(starts: Date, ends: Date, now: Date): LiveStream['stream_status'] {
  if (now < starts) return 'upcoming';
  return now < ends ? 'live' : 'past';
}

/** The teacher's encoder decides first (ADR 0063): on air is live, a finished run is past; else the times do. */
function statusWithIngest(ingestState: string, starts: Date, ends: Date, now: Date): LiveStream['stream_status'] {
  if (ingestState === 'live' || ingestState === 'reconnecting') return 'live';
  if (ingestState === 'ended') return 'past';
  return streamStatus(starts, ends, now);
}

const STATUS_RANK = { live: 0, upcoming: 1, past: 2 } as const;

export async function listLiveStreams(ctx: VideosContext, viewer: Viewer, slug?: string): Promise<LiveStream[]> {
  const rows = await findLiveStreams(ctx.db, slug);
  const streams = rows.map(({ stream, replaySlug, replayTitle }): LiveStream => {
    const status = statusWithIngest(stream.ingestState, stream.streamStarts, stream.streamEnds, ctx.now);
    const locked = isStreamLocked({ premium: stream.streamPremium }, viewer);
    const onAir = onAir_(stream.ingestState);
    // While the encoder sends, viewers play the live window in the media store; otherwise an editor's own manifest.
    const manifest = onAir === 'live' || onAir === 'reconnecting' ? stream.ingestPlaylist : stream.streamManifest;
    return {
      id_live_stream: stream.idLiveStream,
      stream_slug: stream.streamSlug,
      stream_title: stream.streamTitle,
      stream_description: stream.streamDescription ? sanitizeSectionHtml(stream.streamDescription) : null,
      stream_starts: stream.streamStarts,
      stream_ends: stream.streamEnds,
      stream_status: status,
      stream_premium: stream.streamPremium,
      stream_locked: locked,
      stream_poster_signed: signedMediaUrl(ctx, stream.streamPoster),
      stream_manifest_signed: status === 'live' && !locked ? signedMediaUrl(ctx, manifest) : null,
      stream_replay: replaySlug ? { video_slug: replaySlug, video_title: replayTitle } : null,
      stream_on_air: onAir,
      stream_replay_preparing: onAir === 'ended' && stream.idVideoReplay !== null && !replaySlug,
      stream_auto_replay: stream.streamAutoReplay,
    };
  });
  // Live now first, then upcoming soonest first, then past newest first.
  return streams.sort((a, b) => {
    const rank = STATUS_RANK[a.stream_status] - STATUS_RANK[b.stream_status];
    if (rank) return rank;
    const diff = a.stream_starts.getTime() - b.stream_starts.getTime();
    return a.stream_status === 'past' ? -diff : diff;
  });
}

export async function getLiveStream(ctx: VideosContext, viewer: Viewer, slug: string): Promise<LiveStream> {
  let [stream] = await listLiveStreams(ctx, viewer, slug);
  if (!stream) {
    // A renamed stream is still found by its previous slug (the page then redirects to the new one).
    const current = await findStreamSlugByFormerSlug(ctx.db, slug);
    if (current) [stream] = await listLiveStreams(ctx, viewer, current);
  }
  if (!stream) throw notFound(undefined, 'STREAM_NOT_FOUND');
  return stream;
}
