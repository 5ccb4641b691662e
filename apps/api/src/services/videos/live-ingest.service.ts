import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { enqueueJob, registerJobHandler } from '../../platform/jobs/index.ts';
import {
  contentTypeFor,
  joinRecordings,
  startLiveHls,
  startRtmpServer,
  type MediaStore,
  type MediaTools,
  type RtmpPublish,
  type RtmpServer,
} from '../../platform/media/index.ts';
import { queueStreamProcessing } from './editor/video-streams.service.ts';
import * as repo from './live-ingest.repository.ts';

/**
 * RTMP live ingest (ADR 0063). An encoder pushes to rtmp://<host>:<port>/live/<stream key>; the key
 * is looked up in the database and the stream claimed for this instance (one ingester per stream);
 * ffmpeg remuxes it into a short live HLS window and a recording, which a sync loop puts into the
 * media store (so every instance, and S3, serves it). When the encoder goes, the stream waits
 * LIVE_RECONNECT_SECONDS for it to come back (continuing the same run); then a job joins the
 * recordings and publishes a Live Replay through the normal processing job, with a chapter for
 * each answered question.
 */

const LIVE_APP = 'live';
const FINISH_JOB_TYPE = 'videos.finishLiveStream';
/** A holder silent this long is gone (a crashed instance): another may take the stream. */
const STALE_MS = 20_000;
const SYNC_EVERY_MS = 1000;
const HEARTBEAT_EVERY_MS = 5000;

const LIVE_NEEDS_FFMPEG_TEXT =
  'Going live needs ffmpeg, which this server does not have. Install it (on Debian or Ubuntu: apt-get install ffmpeg) or set FFMPEG_PATH to its location, then restart the site.';
const LIVE_OFF_TEXT = 'Live ingest is switched off on this server (LIVE_RTMP_PORT=0).';

export interface LiveIngest {
  /** rtmp://host:port/live, or null when this site cannot take a live stream. */
  ingestUrl: string | null;
  /** Why not, when it cannot. */
  help: string | null;
  /** The port really listened on (tests listen on port 0). */
  port: number | null;
  /** How many encoders this instance takes now. */
  active(): number;
}

/** A new stream key: 32 random bytes, URL- and RTMP-safe. */
export function newStreamKey(): string {
  return randomBytes(24).toString('base64url');
}

interface FinishPayload {
  idLiveStream: number;
  run: string;
}

export function registerLiveIngest(app: FastifyInstance, store: MediaStore, tools: MediaTools | null): LiveIngest {
  const instance = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const reconnectMs = app.config.LIVE_RECONNECT_SECONDS * 1000;
  const sessions = new Map<number, { stop: () => void }>();
  let server: RtmpServer | null = null;
  const port = app.config.LIVE_RTMP_PORT;
  const info: LiveIngest = {
    ingestUrl: null,
    help: !tools ? LIVE_NEEDS_FFMPEG_TEXT : port === 0 ? LIVE_OFF_TEXT : null,
    port: null,
    active: () => sessions.size,
  };

  registerJobHandler<FinishPayload>(app, FINISH_JOB_TYPE, (payload) => finishStream(app, store, tools, payload, reconnectMs), {
    lockMs: 10 * 60_000,
  });

  if (!tools || port === 0) return info;

  app.addHook('onReady', async () => {
    try {
      server = await startRtmpServer({
        port,
        host: app.config.LIVE_RTMP_HOST,
        limits: {
          handshakeTimeoutMs: app.config.LIVE_RTMP_HANDSHAKE_MS,
          idleTimeoutMs: app.config.LIVE_RTMP_IDLE_MS,
          maxConnectionsPerAddress: app.config.LIVE_RTMP_MAX_PER_ADDRESS,
        },
        onPublish: (p) => void onPublish(p).catch((err: unknown) => app.log.error({ err }, 'live ingest failed')),
        log: app.log,
      });
      info.port = server.port;
      // Behind a balancer (ADR 0063), encoders are told its port, not this instance's.
      info.ingestUrl = `rtmp://${app.config.LIVE_INGEST_HOST}:${app.config.LIVE_INGEST_PORT ?? server.port}/${LIVE_APP}`;
    } catch (err) {
      // A taken port must not stop the site: live is unavailable here, and the staff page says so.
      app.log.warn({ err }, 'RTMP listener not started: live ingest is unavailable on this instance');
      info.help = `Live ingest could not listen on port ${port}: ${(err as Error).message}`;
    }
  });
  app.addHook('onClose', async () => {
    for (const session of sessions.values()) session.stop();
    await server?.close();
  });

  async function onPublish(publish: RtmpPublish): Promise<void> {
    const now = app.clock();
    const run = randomBytes(6).toString('hex');
    const claim =
      publish.app === LIVE_APP && /^[A-Za-z0-9_-]{20,100}$/.test(publish.key)
        ? await repo
            .claimStream(app.db, { key: publish.key, instance, run, now, staleMs: STALE_MS, reconnectMs })
            .catch((err: unknown) => {
              app.log.error({ err }, 'live stream claim failed');
              return null;
            })
        : null;
    if (!claim || sessions.has(claim.row.idLiveStream)) {
      app.log.info({ ip: publish.ip }, 'RTMP publish refused: unknown key or stream already live');
      publish.reject();
      return;
    }
    const row = claim.row;
    const idLiveStream = row.idLiveStream;
    const runId = row.ingestRun ?? run;
    const partNo = row.ingestParts.length + 1;
    const runFolder = `live/${idLiveStream}/${runId}`;
    const hlsFolder = `${runFolder}/p${partNo}`;
    const workDir = path.join(store.scratchDir('live'), `${idLiveStream}-${runId}-p${partNo}`);
    await mkdir(workDir, { recursive: true });
    const recording = path.join(workDir, 'recording.ts');
    const hls = startLiveHls(tools!, workDir, recording);
    const uploaded = new Set<string>();
    let stopped = false;
    let lastBeat = 0;
    let syncing: Promise<void> = Promise.resolve();

    const sync = async (final: boolean) => {
      const playlist = await readFile(path.join(workDir, 'index.m3u8'), 'utf8').catch(() => null);
      if (!playlist) return;
      const listed = playlist.split('\n').filter((line) => /^seg_\d+\.ts$/.test(line.trim()));
      for (const seg of listed) {
        if (uploaded.has(seg)) continue;
        await store.write(`${hlsFolder}/${seg}`, createReadStream(path.join(workDir, seg)), contentTypeFor(seg));
        uploaded.add(seg);
      }
      // The playlist last, so it names only segments the store has.
      await store.write(`${hlsFolder}/index.m3u8`, Readable.from([playlist]), contentTypeFor('index.m3u8'));
      // Segments that left the window go from the store too (a player may still be fetching the newest old one).
      const keep = new Set(listed);
      const old = [...uploaded].filter((s) => !keep.has(s)).sort();
      for (const seg of old.slice(0, Math.max(0, old.length - 2))) {
        await store.remove(`${hlsFolder}/${seg}`).catch(() => {});
        uploaded.delete(seg);
      }
      const at = Date.now();
      if (final || at - lastBeat >= HEARTBEAT_EVERY_MS || lastBeat === 0) {
        lastBeat = at;
        const still = await repo.touchIngest(app.db, idLiveStream, instance, app.clock(), `${hlsFolder}/index.m3u8`);
        // Another instance took the stream over (this one was thought dead): stop here.
        if (!still && !final) stop();
      }
    };
    const timer = setInterval(() => {
      syncing = syncing.then(() => sync(false)).catch((err: unknown) => app.log.warn({ err }, 'live sync failed'));
    }, SYNC_EVERY_MS);
    timer.unref();
    const stop = () => {
      if (stopped) return;
      stopped = true;
      hls.input.end();
    };
    sessions.set(idLiveStream, { stop });
    await forgetLivePages(app);
    if (!claim.continued) {
      // The watchdog that ends the run (and makes the replay) once the encoder is gone for good.
      await enqueueJob(app.db, {
        type: FINISH_JOB_TYPE,
        payload: { idLiveStream, run: runId } satisfies FinishPayload,
        runAt: new Date(now.getTime() + reconnectMs),
      });
    }
    app.log.info({ idLiveStream, run: runId, part: partNo }, 'live ingest started');
    publish.accept(
      (chunk) => {
        if (!stopped) hls.input.write(chunk);
      },
      () => stop(),
    );

    try {
      await hls.done;
    } catch (err) {
      app.log.warn({ err, idLiveStream }, 'live ffmpeg ended with an error');
    }
    clearInterval(timer);
    sessions.delete(idLiveStream);
    publish.reject();
    let part: string | null = null;
    try {
      await syncing;
      await sync(true);
      const size = await stat(recording).then(
        (s) => s.size,
        () => 0,
      );
      if (size > 0) {
        part = `${runFolder}/part-${partNo}.ts`;
        await store.write(part, createReadStream(recording), contentTypeFor(part));
      }
    } catch (err) {
      app.log.error({ err, idLiveStream }, 'live recording not stored');
    }
    const ended = app.clock();
    await repo.endPart(app.db, { idLiveStream, instance, run: runId, part, now: ended });
    await forgetLivePages(app);
    await enqueueJob(app.db, {
      type: FINISH_JOB_TYPE,
      payload: { idLiveStream, run: runId } satisfies FinishPayload,
      runAt: new Date(ended.getTime() + reconnectMs),
    });
    await rm(workDir, { recursive: true, force: true });
    app.log.info({ idLiveStream, run: runId, part: partNo }, 'live ingest stopped');
  }

  return info;
}

/** Seconds into the run's recording now: what an answered question's chapter points at. */
export function recordingMoment(row: repo.LiveStreamRow, now: Date): number | null {
  if (!row.ingestRun || (row.ingestState !== 'live' && row.ingestState !== 'reconnecting')) return null;
  const current =
    row.ingestState === 'live' && row.ingestPartStarted ? (now.getTime() - row.ingestPartStarted.getTime()) / 1000 : 0;
  return Math.max(0, Math.round((row.ingestRecordedSeconds + current) * 10) / 10);
}

async function finishStream(
  app: FastifyInstance,
  store: MediaStore,
  tools: MediaTools | null,
  { idLiveStream, run }: FinishPayload,
  reconnectMs: number,
): Promise<void> {
  const now = app.clock();
  const row = await repo.findStreamById(app.db, idLiveStream);
  if (!row || row.ingestRun !== run || (row.ingestState !== 'live' && row.ingestState !== 'reconnecting')) return;
  const seen = row.ingestSeen?.getTime() ?? 0;
  // An ingesting instance that still signs its life: look again a window later. A dropped encoder,
  // or an instance that died without saying so (`live` but silent): the window runs from the last
  // sign of life, so the encoder may reconnect to any instance until then (ADR 0063).
  const holderAlive = row.ingestState === 'live' && now.getTime() - seen < STALE_MS;
  const wait = holderAlive ? reconnectMs : seen + reconnectMs - now.getTime();
  if (wait > 0) {
    // Still live, or the encoder may still come back: look again later.
    await enqueueJob(app.db, {
      type: FINISH_JOB_TYPE,
      payload: { idLiveStream, run },
      runAt: new Date(now.getTime() + Math.max(wait, 1000)),
    });
    return;
  }
  const runFolder = `live/${idLiveStream}/${run}`;
  // Nothing happened since the row was read: the same run and state, no new sign of life (an
  // encoder that came back, or an instance thought dead that speaks again, moves `ingest_seen`).
  const untouched = (current: repo.LiveStreamRow | undefined) =>
    !!current &&
    current.ingestRun === run &&
    current.ingestState === row.ingestState &&
    current.ingestSeen?.getTime() === row.ingestSeen?.getTime();
  const retryLater = () =>
    enqueueJob(app.db, {
      type: FINISH_JOB_TYPE,
      payload: { idLiveStream, run },
      runAt: new Date(now.getTime() + Math.max(reconnectMs, 1000)),
    });
  if (!row.streamAutoReplay || !row.ingestParts.length || !tools) {
    const ended = await app.db.transaction(async (tx) => {
      if (!untouched(await repo.findStreamForUpdate(tx, idLiveStream))) return false;
      await repo.markEnded(tx, idLiveStream);
      return true;
    });
    if (!ended) return void (await retryLater());
    await forgetLivePages(app);
    await store.removeFolder(runFolder);
    return;
  }

  // The replay's source: the run's recordings joined, put where uploads live (ADR 0039), and
  // processed into the usual HLS ladder by the pipeline's own job (ADR 0057).
  // A folder of this attempt's own: two finish jobs of a run may be claimed in one batch and join at
  // once (the first to commit makes the replay); a shared folder would mix or delete their files.
  const workDir = path.join(store.scratchDir('live'), `${idLiveStream}-${run}-replay-${randomBytes(4).toString('hex')}`);
  await mkdir(workDir, { recursive: true });
  try {
    const locals: string[] = [];
    for (const [i, part] of row.ingestParts.entries()) {
      const local = store.resolveFile(part);
      if (local) {
        locals.push(local);
        continue;
      }
      const copy = path.join(workDir, `part-${i + 1}.ts`);
      await pipeline(await store.read(part), createWriteStream(copy));
      locals.push(copy);
    }
    const joined = path.join(workDir, 'replay.mp4');
    await joinRecordings(tools, locals, joined);
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const source = `uploads/${month}/${randomBytes(8).toString('hex')}-${row.streamSlug}-replay.mp4`;
    await store.write(source, createReadStream(joined), contentTypeFor(source));

    const created = await app.db.transaction(async (tx) => {
      // The encoder came back while the replay was being joined: the run goes on.
      if (!untouched(await repo.findStreamForUpdate(tx, idLiveStream))) return false;
      const slug = await repo.freeVideoSlug(tx, `${row.streamSlug}-replay`);
      const idVideo = await repo.insertReplayVideo(tx, {
        slug,
        title: `${row.streamTitle} (replay)`,
        premium: row.streamPremium,
        excerpt: `The replay of the live lesson “${row.streamTitle}”.`,
        source,
        now,
      });
      const answered = await repo.findAnsweredInRun(tx, idLiveStream, run);
      await repo.insertChapters(
        tx,
        idVideo,
        answered.map((a) => ({ time: a.moment ?? 0, title: a.text.length > 120 ? `${a.text.slice(0, 119)}…` : a.text })),
      );
      await queueStreamProcessing(tx, idVideo, source, { publishWhenReady: true });
      await repo.markEnded(tx, idLiveStream, idVideo);
      return true;
    });
    if (created) {
      await forgetLivePages(app);
      await store.removeFolder(runFolder);
    } else {
      await store.remove(source);
      // Whoever came back queues its own finish when it stops; this one makes sure a run is never left open.
      await retryLater();
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The live page changed by itself (on air, dropped, ended): every instance forgets its stored
 * signed-out pages and catalogue memories through the shared content version (ADR 0056), as after
 * an editor's write. A failed bump is logged; the page cache's TTL still bounds the staleness.
 */
async function forgetLivePages(app: FastifyInstance): Promise<void> {
  await app.contentVersion.bump().catch((err: unknown) => app.log.warn({ err }, 'content version bump failed'));
}
