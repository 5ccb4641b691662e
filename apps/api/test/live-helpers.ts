import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { EditorLiveStream } from '@fretline/contract';
import type { createEditorCalls, EditorTestBody } from './editor-helpers.ts';

// Scaffolding shared by the media pipeline's API tests (ADR 0057, ADR 0063): ffmpeg as the teacher's
// encoder and camera, and a poll for what the ingest does in its own time.

/** The RTMP port a live test file listens on: its default, or TEST_RTMP_PORT for a run beside others. */
export function testRtmpPort(fallback: number): number {
  return Number(process.env.TEST_RTMP_PORT ?? fallback);
}

/** ffmpeg as an encoder: `seconds` of test picture and tone (a keyframe a second), pushed in real time to `url`. */
export function pushTestStream(ffmpeg: string, url: string, seconds: number): Promise<number> {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '25',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'flv',
    url,
  ];
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, args, { stdio: 'ignore' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Polls `read` until it answers something truthy (a condition, never a sleep). */
export async function until<T>(read: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const LIVE_STREAMS_EDITOR = '/api/videos/editor/live-streams';

/** A published stream that started a minute ago and lasts an hour, made through the editor's calls. */
export async function createPublishedLiveStream(
  call: ReturnType<typeof createEditorCalls>['call'],
  editorToken: string,
  input: { slug: string; premium?: boolean },
): Promise<EditorLiveStream> {
  const now = Date.now();
  const res = await call('POST', LIVE_STREAMS_EDITOR, editorToken, {
    stream_title: 'Blues Jam Live',
    stream_slug: input.slug,
    stream_description: 'Shuffle in A.',
    stream_starts: new Date(now - 60_000).toISOString(),
    stream_ends: new Date(now + 3_600_000).toISOString(),
    stream_premium: input.premium ?? false,
    id_video_replay: '',
  });
  if (res.statusCode !== 201) throw new Error(`live stream not created: ${res.body}`);
  const stream = res.json<EditorTestBody<{ stream: EditorLiveStream }>>().data.stream;
  const published = await call('PUT', `${LIVE_STREAMS_EDITOR}/${stream.id_live_stream}/published`, editorToken, {
    stream_published: true,
  });
  if (published.statusCode !== 200) throw new Error(`live stream not published: ${published.body}`);
  return stream;
}

/**
 * Encodes a test clip with ffmpeg (test pattern and a tone, H.264 and AAC) into `file`, whose
 * extension picks the container (`.mp4` as a camera file, `.ts` as a live recording part).
 */
export async function encodeTestClip(ffmpeg: string, file: string, clip: { seconds: number; size: string }): Promise<void> {
  await promisify(execFile)(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${clip.size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(clip.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
}
