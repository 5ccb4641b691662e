import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The media pipeline's tools (ADR 0057): Debian's ffmpeg and ffprobe, run as child processes. No
 * binding library: the command lines are the stable interface, and a missing ffmpeg must only
 * switch video processing off, never stop the server from starting.
 */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** What the editor is told when the server has no ffmpeg (ADR 0057). */
export const FFMPEG_MISSING_TEXT =
  'Video processing needs ffmpeg, which this server does not have. Install it (on Debian or Ubuntu: apt-get install ffmpeg) or set FFMPEG_PATH to its location, then restart the site.';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, envPath: string): string | null {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * ffmpeg at FFMPEG_PATH or on PATH, and ffprobe at FFPROBE_PATH, beside that ffmpeg or on PATH;
 * null when either is missing (a FFMPEG_PATH that names nothing runnable counts as missing).
 */
export function findMediaTools(
  config: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined },
  envPath = process.env.PATH ?? '',
): MediaTools | null {
  const ffmpeg = config.FFMPEG_PATH ? (isExecutable(config.FFMPEG_PATH) ? config.FFMPEG_PATH : null) : onPath('ffmpeg', envPath);
  if (!ffmpeg) return null;
  const beside = path.join(path.dirname(ffmpeg), 'ffprobe');
  const ffprobe = config.FFPROBE_PATH
    ? isExecutable(config.FFPROBE_PATH)
      ? config.FFPROBE_PATH
      : null
    : isExecutable(beside)
      ? beside
      : onPath('ffprobe', envPath);
  return ffprobe ? { ffmpeg, ffprobe } : null;
}

/** A failure the same input would hit again (an unreadable file): retrying it is pointless. */
export class MediaInputError extends Error {
  override name = 'MediaInputError';
}

interface RunOptions {
  signal?: AbortSignal | undefined;
  onStdoutLine?: ((line: string) => void) | undefined;
}

/** Runs a tool; resolves with its stdout, rejects with the end of its stderr. */
function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let partial = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!options.onStdoutLine) {
        stdout += chunk;
        return;
      }
      partial += chunk;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    // Only the end matters (the reason), and a long transcode writes a lot.
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} exited with ${code}: ${lastLines(stderr)}`));
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').trim() || 'no message';
}

export interface MediaProbe {
  duration: number;
  width: number;
  height: number;
  /** Bits per second of the whole file (0 when unknown). */
  bitrate: number;
  hasAudio: boolean;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/** Duration, display size (a phone's rotation applied, as ffmpeg will), bitrate and audio of a file. */
export async function probeMedia(tools: MediaTools, file: string, signal?: AbortSignal): Promise<MediaProbe> {
  let out: string;
  try {
    out = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new MediaInputError(`This file could not be read as a video (${(err as Error).message}).`);
  }
  const info = JSON.parse(out) as { streams?: ProbeStream[]; format?: { duration?: string; bit_rate?: string } };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video?.width || !video.height) throw new MediaInputError('This file has no video picture to process.');
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0));
  const turned = rotation % 180 === 90;
  const duration = Number(info.format?.duration ?? 0);
  if (!Number.isFinite(duration) || duration <= 0) throw new MediaInputError('This file has no duration: is it a complete recording?');
  return {
    duration,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    bitrate: Math.round(Number(info.format?.bit_rate ?? 0)) || 0,
    hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio'),
  };
}

export interface Rendition {
  height: number;
  /** Video bitrate, bits per second. */
  videoBitrate: number;
}

/** ADR 0057: the ladder; a source gets every rung no taller than itself. */
const LADDER: readonly Rendition[] = [
  { height: 360, videoBitrate: 800_000 },
  { height: 540, videoBitrate: 1_400_000 },
  { height: 720, videoBitrate: 2_800_000 },
  { height: 1080, videoBitrate: 5_000_000 },
];
const AUDIO_BITRATE = 128_000;
const SEGMENT_SECONDS = 4;

/** The rungs for a source of this height: none taller than it, and one at its own size when it is under the lowest. */
export function ladderFor(sourceHeight: number): Rendition[] {
  const rungs = LADDER.filter((r) => r.height <= sourceHeight);
  if (rungs.length) return rungs;
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ height, videoBitrate: Math.round((LADDER[0]!.videoBitrate * height) / LADDER[0]!.height) }];
}

export interface HlsOutput {
  /** The master playlist's file name inside the output folder. */
  master: string;
  renditions: Rendition[];
}

/**
 * Transcodes `input` into an HLS ladder inside `outDir`: `v<n>/index.m3u8` with its segments per
 * rendition and a master playlist naming them all with their bandwidth and resolution. One ffmpeg
 * run decodes once and encodes every rung; keyframes every 2 s so every rung's segments line up.
 * `onProgress` gets 0-1 as ffmpeg reports its position.
 */
export async function transcodeToHls(
  tools: MediaTools,
  options: {
    input: string;
    outDir: string;
    probe: MediaProbe;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<HlsOutput> {
  const { probe } = options;
  const renditions = ladderFor(probe.height);
  const n = renditions.length;
  for (let i = 0; i < n; i++) await mkdir(path.join(options.outDir, `v${i}`), { recursive: true });
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`);
  const args = ['-hide_banner', '-nostats', '-y', '-i', options.input, '-filter_complex', [split, ...scales].join(';')];
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    args.push(`-c:v:${i}`, 'libx264', `-b:v:${i}`, String(r.videoBitrate));
    args.push(`-maxrate:v:${i}`, String(Math.round(r.videoBitrate * 1.1)), `-bufsize:v:${i}`, String(r.videoBitrate * 2));
    if (probe.hasAudio) args.push('-map', '0:a:0');
  });
  if (probe.hasAudio) args.push('-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2');
  args.push(
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(options.outDir, 'v%v', 'seg_%04d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    renditions.map((_, i) => (probe.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    '-progress',
    'pipe:1',
    path.join(options.outDir, 'v%v', 'index.m3u8'),
  );
  await run(tools.ffmpeg, args, {
    signal: options.signal,
    onStdoutLine: (line) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && options.onProgress) options.onProgress(Math.min(1, Number(match[1]) / 1e6 / probe.duration));
    },
  });
  return { master: 'master.m3u8', renditions };
}

/** Frames at 10 %, 50 % and 90 % of the video as JPEGs (at most 1280 wide) for the editor to pick a poster from. */
export async function extractPosterFrames(
  tools: MediaTools,
  options: { input: string; outDir: string; duration: number; signal?: AbortSignal },
): Promise<string[]> {
  const names: string[] = [];
  for (const [i, at] of [0.1, 0.5, 0.9].entries()) {
    const name = `poster-${i + 1}.jpg`;
    await run(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-y',
        '-ss',
        (options.duration * at).toFixed(2),
        '-i',
        options.input,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-q:v',
        '3',
        path.join(options.outDir, name),
      ],
      { signal: options.signal },
    );
    names.push(name);
  }
  return names;
}

const PREVIEW_SECONDS = 6;

/** A six-second 360p MP4 from a tenth of the way in, with its sound: a quick look at the result (ADR 0057). */
export async function makePreviewClip(
  tools: MediaTools,
  options: { input: string; outFile: string; probe: MediaProbe; signal?: AbortSignal },
): Promise<void> {
  const start = options.probe.duration > PREVIEW_SECONDS * 2 ? options.probe.duration * 0.1 : 0;
  const height = Math.min(360, Math.floor(options.probe.height / 2) * 2);
  await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-y',
      '-ss',
      start.toFixed(2),
      '-i',
      options.input,
      '-t',
      String(PREVIEW_SECONDS),
      '-vf',
      `scale=-2:${height},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      ...(options.probe.hasAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : ['-an']),
      '-movflags',
      '+faststart',
      options.outFile,
    ],
    { signal: options.signal },
  );
}

/** One encoder connection's live output (ADR 0063): FLV in on `input`, HLS and a recording out. */
export interface LiveHlsRun {
  input: NodeJS.WritableStream;
  /** Resolves when ffmpeg has written its last segment and closed the recording. */
  done: Promise<void>;
  stop(): void;
}

/** Live HLS: two-second segments, a window of six, old segments deleted (ADR 0063). */
const LIVE_SEGMENT_SECONDS = 2;
const LIVE_WINDOW_SEGMENTS = 6;

/**
 * Remuxes an encoder's FLV (H.264 and AAC, as OBS sends) without re-encoding into a live HLS
 * playlist in `dir` (`index.m3u8`, `seg_NNNNN.ts`, a short window, so viewers sit at the live
 * edge) and a whole MPEG-TS recording at `recording`, from which the replay is made.
 */
export function startLiveHls(tools: MediaTools, dir: string, recording: string): LiveHlsRun {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'flv',
    '-i',
    'pipe:0',
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    String(LIVE_SEGMENT_SECONDS),
    '-hls_list_size',
    String(LIVE_WINDOW_SEGMENTS),
    '-hls_flags',
    'delete_segments+temp_file+independent_segments',
    '-hls_segment_filename',
    path.join(dir, 'seg_%05d.ts'),
    path.join(dir, 'index.m3u8'),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-f',
    'mpegts',
    recording,
  ];
  const child = spawn(tools.ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  // A publisher that goes while ffmpeg is still reading is normal: its pipe closes.
  child.stdin.on('error', () => {});
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0 || signal) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${lastLines(stderr)}`));
    });
  });
  return { input: child.stdin, done, stop: () => child.kill('SIGTERM') };
}

/** Joins a live run's recordings (MPEG-TS) into one MP4 without re-encoding: the replay's source. */
export async function joinRecordings(tools: MediaTools, parts: string[], out: string, signal?: AbortSignal): Promise<void> {
  const list = `${out}.txt`;
  await writeFile(list, parts.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
  await run(
    tools.ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', out],
    { signal },
  );
}
