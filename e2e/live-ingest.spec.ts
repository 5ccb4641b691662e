import { spawn, type ChildProcess } from 'node:child_process';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { signIn, useToken } from './support/auth.ts';
import { freePort, startServer, systemTool, type ChildServer } from './support/server.ts';

// A live lesson from the encoder to the replay (ADR 0063), in Chromium: staff read the RTMP
// address and stream key on the console's live-stream page, ffmpeg pushes a generated picture and
// tone there as OBS would, a member watching the page sees it switch by itself from "Starts in…"
// to the live player (hls.js at the live edge of a sliding playlist), asks a question, staff mark
// it answered from the queue, the encoder stops, and the page leads to the Live Replay with the
// question as a chapter and its deep link. A server of its own: the shared one has no RTMP
// listener, and a reconnect window of one second lets the replay start at once.

const ffmpeg = process.env.FFMPEG_PATH ?? systemTool('ffmpeg', ['/usr/bin/ffmpeg']);
test.skip(!ffmpeg, 'ffmpeg is not installed here (CI installs it)');

const QUESTION = 'Which scale fits over the IV chord?';
let server: ChildServer;
let encoder: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  const rtmpPort = await freePort();
  server = await startServer(
    {
      NODE_ENV: 'development',
      CAPTCHA: 'off',
      LIVE_RTMP_PORT: String(rtmpPort),
      LIVE_INGEST_HOST: '127.0.0.1',
      LIVE_RECONNECT_SECONDS: '1',
    },
    180_000,
  );
});
test.afterAll(async () => {
  encoder?.kill('SIGKILL');
  await server?.stop();
});

/** OBS, played by ffmpeg: a test picture and a tone in real time, until stopped (2 s keyframes, like OBS's default). */
function startEncoder(url: string): { child: ChildProcess; exited: Promise<number | null>; log: () => string } {
  const child = spawn(
    ffmpeg!,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '50',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-f',
      'flv',
      url,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, log: () => log };
}

interface Playback {
  time: number;
  paused: boolean;
  edge: number;
  start: number;
}
/** Presses play (muted: Chromium refuses sound without a gesture). */
const play = (page: Page) =>
  page
    .locator('#main')
    .getByTestId('video-player')
    .evaluate((node) => {
      const video = node as unknown as { muted: boolean; play(): Promise<void> };
      video.muted = true;
      return video.play().catch(() => undefined);
    });

/** Where the page's player is, and the seekable window hls.js gives it. */
const playback = (page: Page) =>
  page
    .locator('#main')
    .getByTestId('video-player')
    .evaluate((node): Playback => {
      const video = node as unknown as {
        currentTime: number;
        paused: boolean;
        seekable: { length: number; start(i: number): number; end(i: number): number };
      };
      const last = video.seekable.length - 1;
      return {
        time: video.currentTime,
        paused: video.paused,
        edge: last >= 0 ? video.seekable.end(last) : 0,
        start: last >= 0 ? video.seekable.start(0) : 0,
      };
    });

test('a live lesson: pushed over RTMP, watched live, a question answered, then the replay with its chapter', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  const [adminToken, memberToken] = await Promise.all([signIn(base, 'admin@example.com'), signIn(base, 'member@example.com')]);

  // A members-only stream that starts in ten minutes, published, made as the console would.
  const api = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { authorization: `Bearer ${adminToken}` } });
  const slug = `jam-${Date.now().toString(36)}`;
  const created = await api.post('/api/videos/editor/live-streams', {
    data: {
      stream_title: 'Friday Blues Jam',
      stream_slug: slug,
      stream_description: 'A shuffle in A, then your questions.',
      stream_starts: new Date(Date.now() + 10 * 60_000).toISOString(),
      stream_ends: new Date(Date.now() + 70 * 60_000).toISOString(),
      stream_premium: true,
      id_video_replay: '',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const idLiveStream = ((await created.json()) as { data: { stream: { id_live_stream: number } } }).data.stream.id_live_stream;
  const published = await api.put(`/api/videos/editor/live-streams/${idLiveStream}/published`, {
    data: { stream_published: true },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  await api.dispose();

  // Staff: the address and the key for OBS, on the stream's console page; a replay by default.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(staffContext, base, adminToken);
  const staff = await staffContext.newPage();
  await staff.goto(`${base}/staff/content/live/${idLiveStream}`);
  await expect(staff.getByRole('checkbox', { name: /Make a replay when the stream ends/ })).toBeChecked();
  const goLive = staff.getByRole('region', { name: 'Go live' });
  await expect(goLive.getByText('Not on air')).toBeVisible();
  const ingestUrl = await goLive.getByRole('textbox', { name: 'Server' }).inputValue();
  expect(ingestUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  await goLive.getByRole('button', { name: 'Show' }).click();
  const key = await goLive.getByRole('textbox', { name: 'Stream key' }).inputValue();
  expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);

  // The member waits on the stream's page before the start.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(memberContext, base, memberToken);
  const member = await memberContext.newPage();
  const playlists: string[] = [];
  member.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.m3u8') && res.ok())
      void res.text().then(
        (text) => playlists.push(text),
        () => undefined,
      );
  });
  await member.goto(`${base}/live/${slug}`);
  await expect(member.getByTestId('live-stage-status')).toHaveText(/Starts in 1?\d min/);
  await expect(member.getByText('Questions open when the live lesson starts.')).toBeVisible();

  // Go live: the page switches by itself to the player, which plays the live window.
  const obs = startEncoder(`${ingestUrl}/${key}`);
  encoder = obs.child;
  await expect(goLive.getByText('● On air')).toBeVisible({ timeout: 30_000 });
  await expect(member.getByText('● Live now')).toBeVisible({ timeout: 30_000 });
  await expect(member.getByTestId('video-player')).toBeVisible();
  // Autoplay may wait for a gesture: the member presses play if the player has not started.
  await play(member);
  await expect.poll(async () => (await playback(member)).time, { timeout: 30_000 }).toBeGreaterThan(1);
  // A live playlist (no end), and the player near its live edge: not a clip played from 0.
  expect(playlists.length).toBeGreaterThan(0);
  expect(playlists.some((p) => p.includes('#EXT-X-ENDLIST'))).toBe(false);
  const now = await playback(member);
  expect(now.paused).toBe(false);
  expect(now.edge - now.time).toBeLessThan(10);
  await expect(member.getByTestId('speed-label')).toHaveCount(0);

  // The member asks; staff see it in the queue and answer it.
  await member.getByLabel('Ask the teacher').fill(QUESTION);
  await member.getByRole('button', { name: 'Send question' }).click();
  await expect(member.getByRole('status').filter({ hasText: 'Sent.' })).toBeVisible();
  const queue = staff.getByTestId('question-queue');
  const waiting = queue.getByRole('listitem').filter({ hasText: QUESTION });
  await expect(waiting).toBeVisible({ timeout: 15_000 });
  await expect(waiting).toContainText('Morgan');
  // A few seconds into the lesson, so the chapter lands after the start of the replay.
  await expect.poll(async () => (await playback(member)).time, { timeout: 15_000 }).toBeGreaterThan(4);
  await waiting.getByRole('button', { name: 'Mark answered' }).click();
  await expect(waiting).toHaveCount(0);
  const answered = staff.locator('details').filter({ hasText: 'Answered (1)' });
  await answered.locator('summary').click();
  const chapterText = (await answered.getByText(/chapter at \d+:\d\d/).textContent()) ?? '';
  const [, mm, ss] = /chapter at (\d+):(\d\d)/.exec(chapterText)!;
  const moment = Number(mm) * 60 + Number(ss);
  expect(moment).toBeGreaterThan(0);
  await expect(member.getByTestId('my-questions').getByText('Answered')).toBeVisible({ timeout: 20_000 });

  // Stop streaming (as OBS's button does: the encoder closes the connection cleanly).
  obs.child.stdin?.write('q');
  expect(await obs.exited, obs.log()).toBe(0);
  encoder = null;

  // The page moves on by itself: the stream ended, and once the replay is processed it links to it.
  const replayLink = member.getByRole('link', { name: 'Watch the replay' });
  await expect(replayLink).toBeVisible({ timeout: 120_000 });
  await expect(member.getByText('Past', { exact: true })).toBeVisible();
  await expect(member.getByRole('form', { name: 'Ask a question' })).toHaveCount(0);
  await expect(goLive.getByText('Ended', { exact: true })).toBeVisible({ timeout: 15_000 });

  await replayLink.click();
  await expect(member).toHaveURL(new RegExp(`/videos/${slug}-replay$`));
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Friday Blues Jam (replay)');
  const chapters = member.getByRole('navigation', { name: 'Chapters' });
  await expect(chapters.getByRole('button', { name: new RegExp(QUESTION.replace('?', '\\?')) })).toBeVisible();
  // Its deep link (the key moment search engines and shares use) opens the replay at that moment.
  const deepLink = `/videos/${slug}-replay?t=${moment}`;
  const jsonLd = await member.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('\n')).toContain(deepLink);
  // The answer e-mail's link (the live page at that moment) now opens the replay there.
  await member.goto(`${base}/live/${slug}?t=${moment}`);
  await expect(member).toHaveURL(`${base}${deepLink}`);
  await play(member);
  await expect.poll(async () => (await playback(member)).time, { timeout: 20_000 }).toBeGreaterThanOrEqual(moment - 1);

  await staffContext.close();
  await memberContext.close();
});
