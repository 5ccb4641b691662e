import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@fretline/db';
import { enqueueJob, registerJobHandler, type JobContext } from '../../../platform/jobs/index.ts';
import {
  FFMPEG_MISSING_TEXT,
  MediaInputError,
  contentTypeFor,
  extractPosterFrames,
  makePreviewClip,
  probeMedia,
  transcodeToHls,
  type MediaStore,
  type MediaTools,
} from '../../../platform/media/index.ts';
import * as repo from './video-streams.repository.ts';
import { deleteSchedule } from './videos-editor.repository.ts';

/** The job that turns a video's uploaded file into its HLS ladder (ADR 0057). */
const STREAM_JOB_TYPE = 'videos.processStream';
/** A crashed worker's transcode is picked up again this long after its last sign of life. */
const STREAM_LOCK_MS = 2 * 60_000;
/** Tries before a failure that is not the file's fault is final (the first included). */
const STREAM_MAX_ATTEMPTS = 3;
/** At most one progress write a second. */
const PROGRESS_EVERY_MS = 1000;

interface StreamJobPayload {
  idVideo: number;
  source: string;
  /** A live stream's replay (ADR 0063) is published as soon as it plays. */
  publishWhenReady?: boolean;
}

/** Where a video's renditions live: one folder per processing run, so a new run never overwrites what viewers play. */
const streamsRoot = (idVideo: number) => `streams/${idVideo}`;

/** Queues processing of `source` for a video, in the caller's transaction (the row and the job commit together). */
export async function queueStreamProcessing(
  db: Database,
  idVideo: number,
  source: string,
  options: { publishWhenReady?: boolean } = {},
): Promise<void> {
  await enqueueJob(db, {
    type: STREAM_JOB_TYPE,
    payload: { idVideo, source, ...(options.publishWhenReady ? { publishWhenReady: true } : {}) } satisfies StreamJobPayload,
    maxAttempts: STREAM_MAX_ATTEMPTS,
  });
}

/**
 * Queues a failed transcode again from the same uploaded file (`npm run admin -- retry-transcode`),
 * in one transaction with the row going back to queued. 'not-found' for no such video, 'not-failed'
 * for one whose processing has not failed (nothing changes then).
 */
export async function retryFailedTranscode(db: Database, idVideo: number): Promise<'queued' | 'not-found' | 'not-failed'> {
  return db.transaction(async (tx) => {
    const current = await repo.findStreamState(tx, idVideo);
    if (!current) return 'not-found';
    if (current.streamStatus !== 'failed' || !current.streamSource) return 'not-failed';
    await repo.updateStreamIfSource(tx, idVideo, current.streamSource, {
      streamStatus: 'queued',
      streamProgress: 0,
      streamError: null,
    });
    await queueStreamProcessing(tx, idVideo, current.streamSource);
    return 'queued';
  });
}

/** What the form is told about processing on this server. */
export function streamProcessingInfo(tools: MediaTools | null): { available: boolean; help: string | null } {
  return tools ? { available: true, help: null } : { available: false, help: FFMPEG_MISSING_TEXT };
}

/** Removes every rendition folder of a deleted video (its uploaded source stays in uploads/, like any upload). */
export async function removeVideoStreams(store: MediaStore, idVideo: number): Promise<void> {
  await store.removeFolder(streamsRoot(idVideo));
}

/** Every file under `dir`, as paths relative to it with `/` between parts. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), `${rel}/`)));
    else if (entry.isFile()) found.push(rel);
  }
  return found;
}

/**
 * Puts a finished transcode (`outDir`) into the store as `folder` (ADR 0057). The folder store
 * renames the whole folder into place; any other store (S3, ADR 0059) gets each file through
 * `write`, the master playlist last, so a master that exists names only renditions that do.
 */
async function publishOutputs(store: MediaStore, outDir: string, folder: string, master: string): Promise<void> {
  const local = store.resolveFile(folder);
  if (local) {
    await mkdir(path.dirname(local), { recursive: true });
    await rename(outDir, local);
    return;
  }
  const files = await filesUnder(outDir);
  const ordered = [...files.filter((f) => f !== master), ...files.filter((f) => f === master)];
  for (const file of ordered) {
    const mediaPath = `${folder}/${file}`;
    await store.write(mediaPath, createReadStream(path.join(outDir, file)), contentTypeFor(mediaPath));
  }
}

/** Registers the processing job; `tools` null means no ffmpeg here, and a queued video fails with the reason. */
export function registerStreamProcessing(app: FastifyInstance, store: MediaStore, tools: MediaTools | null): void {
  registerJobHandler<StreamJobPayload>(app, STREAM_JOB_TYPE, (payload, ctx) => processStream(store, tools, payload, ctx), {
    lockMs: STREAM_LOCK_MS,
    exclusive: true,
  });
}

async function processStream(store: MediaStore, tools: MediaTools | null, payload: StreamJobPayload, ctx: JobContext) {
  const db = ctx.app.db;
  const { idVideo, source } = payload;
  const current = await repo.findStreamState(db, idVideo);
  // Deleted, or another file was chosen since: this job has nothing left to do.
  if (!current || current.streamSource !== source) return;
  const write = (columns: repo.StreamColumns) => repo.updateStreamIfSource(db, idVideo, source, columns);
  if (!tools) {
    await write({ streamStatus: 'failed', streamProgress: 0, streamError: FFMPEG_MISSING_TEXT });
    return;
  }
  if (!(await store.stat(source).catch(() => null))) {
    await write({ streamStatus: 'failed', streamProgress: 0, streamError: 'The uploaded file is missing: upload it again.' });
    return;
  }

  const token = randomBytes(6).toString('hex');
  const folder = `${streamsRoot(idVideo)}/${token}`;
  // Written in a hidden working folder on this host and put into the store only when complete:
  // nothing half-made is ever served. A store without local files (S3, ADR 0059) first gives its
  // copy of the source to this folder, as ffmpeg reads files.
  const workDir = path.join(store.scratchDir('transcodes'), `${idVideo}-${token}`);
  const outDir = path.join(workDir, 'out');
  const input = store.resolveFile(source) ?? path.join(workDir, `source${path.extname(source)}`);
  let published = false;
  const abort = new AbortController();
  // A shutdown stops ffmpeg; the job goes back to the queue and starts again (on this or another instance).
  const onStop = () => abort.abort();
  ctx.signal.addEventListener('abort', onStop, { once: true });
  let lastWrite = 0;
  let lastPercent = -1;
  const progress = async (percent: number, force = false) => {
    const now = Date.now();
    if (!force && (percent === lastPercent || now - lastWrite < PROGRESS_EVERY_MS)) return;
    lastWrite = now;
    lastPercent = percent;
    await ctx.extendLock(STREAM_LOCK_MS);
    const still = await write({ streamStatus: 'processing', streamProgress: percent });
    // The editor chose another file: stop this run (the new one has its own job).
    if (!still) abort.abort();
  };
  let pending: Promise<void> = Promise.resolve();
  const report = (percent: number) => {
    pending = pending
      .then(() => progress(percent))
      .catch((err: unknown) => {
        ctx.log.warn({ err }, 'stream progress not saved');
        abort.abort();
      });
  };

  try {
    await mkdir(outDir, { recursive: true });
    await progress(0, true);
    if (!store.resolveFile(source)) await pipeline(await store.read(source), createWriteStream(input));
    const probe = await probeMedia(tools, input, abort.signal);
    // Transcoding is most of the work: 2-90 %; posters and the preview take the rest.
    const hls = await transcodeToHls(tools, {
      input,
      outDir,
      probe,
      signal: abort.signal,
      onProgress: (fraction) => report(2 + Math.floor(fraction * 88)),
    });
    await pending;
    await progress(90, true);
    const posters = await extractPosterFrames(tools, { input, outDir, duration: probe.duration, signal: abort.signal });
    await progress(95, true);
    await makePreviewClip(tools, { input, outFile: path.join(outDir, 'preview.mp4'), probe, signal: abort.signal });
    await publishOutputs(store, outDir, folder, hls.master);

    const choices = posters.map((name) => `${folder}/${name}`);
    // The editor's own poster stays; a poster we picked earlier from an older run is replaced.
    const keepPoster = current.streamPoster && !(current.streamPosterChoices ?? []).includes(current.streamPoster);
    const done = await write({
      streamStatus: 'ready',
      streamProgress: 100,
      streamError: null,
      streamFolder: folder,
      streamManifest: `${folder}/${hls.master}`,
      streamPreview: `${folder}/preview.mp4`,
      streamPosterChoices: choices,
      streamPoster: keepPoster ? current.streamPoster : (choices[1] ?? choices[0] ?? null),
      streamDuration: Math.round(probe.duration),
      streamWidth: probe.width,
      streamHeight: probe.height,
      streamBitrate: probe.bitrate || null,
      ...(payload.publishWhenReady ? { videoPublished: true } : {}),
    });
    if (!done) {
      await store.removeFolder(folder);
      return;
    }
    published = true;
    // Published as the upload asked: a schedule set meanwhile must not publish it again later (ADR 0060).
    if (payload.publishWhenReady) await deleteSchedule(db, idVideo);
    // Every instance's catalogue memories (ADR 0018) and stored pages (ADR 0056) forget the old stream.
    await ctx.app.contentVersion.bump();
    // The previous run's renditions are no longer named by the row.
    const previous = current.streamFolder;
    if (previous && previous !== folder && previous.startsWith(`${streamsRoot(idVideo)}/`)) {
      await store.removeFolder(previous);
    }
  } catch (err) {
    // What was put in the store before the failure, unless the row already names it.
    if (!published) await store.removeFolder(folder).catch(() => undefined);
    if (ctx.signal.aborted) {
      await write({ streamStatus: 'queued', streamError: 'Processing was interrupted by a restart; it starts again shortly.' });
      throw new Error('stopped by shutdown', { cause: err });
    }
    // Superseded by another file: the new one has its own job.
    if (abort.signal.aborted) return;
    const final = err instanceof MediaInputError || ctx.job.attempts >= ctx.job.maxAttempts;
    const reason = err instanceof MediaInputError ? err.message : `Processing stopped: ${(err as Error).message}`.slice(0, 1000);
    await write(
      final
        ? { streamStatus: 'failed', streamError: reason }
        : { streamStatus: 'queued', streamError: `${reason} Trying again shortly.` },
    );
    if (!final) throw err;
  } finally {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    ctx.signal.removeEventListener('abort', onStop);
  }
}
