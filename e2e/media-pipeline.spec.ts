import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, useToken } from './support/auth';
import { systemTool } from './support/server';

// The media pipeline (ADR 0057) in a real browser: an editor drops a camera file on the video form,
// it uploads resumably (tus) with a progress bar, the server's job turns it into an HLS ladder
// while the form shows the progress, the editor picks a poster frame and publishes, and the public
// page plays the signed master playlist with hls.js.

const ffmpeg = process.env.FFMPEG_PATH ?? systemTool('ffmpeg', ['/usr/bin/ffmpeg']);
test.skip(!ffmpeg, 'ffmpeg is not installed here (CI installs it)');

// WCAG checks of the states this journey adds (ADR 0041: axe injected as a script).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(
    (tags) =>
      (globalThis as unknown as { axe: { run: (o: object) => Promise<AxeResult> } }).axe.run({
        runOnly: { type: 'tag', values: tags },
      }),
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
  );
  return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
}

/** A 6-second 960x540 test pattern with a tone, made with ffmpeg (CI installs it: .ci/run). */
function makeClip(dir: string): string {
  const file = path.join(dir, 'Camera Clip.mp4');
  execFileSync(ffmpeg!, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=960x540:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330',
    '-t',
    '6',
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
  return file;
}

async function playFor(page: Page, seconds: number): Promise<void> {
  const video = page.getByTestId('video-player').filter({ visible: true });
  await expect(video).toBeVisible();
  // The stream loads on the first play, and only a hydrated player listens for it: a play() before
  // that leaves a source-less element "playing" forever (a loaded machine hydrates late). The
  // practice player's Play button is enabled once it holds the media element.
  await expect(page.getByTestId('practice-player').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  await expect
    .poll(
      () =>
        video.evaluate(async (el) => {
          const media = el as unknown as MediaElement;
          media.muted = true;
          if (media.paused) await media.play().catch(() => undefined);
          return media.currentTime;
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(seconds);
}

test('an editor uploads a camera file through the form, it is processed into HLS, published, and plays', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'fretline-e2e-clip-'));
  const clip = makeClip(dir);
  const base = baseURL ?? '';
  const token = await signIn(baseURL, 'editor@example.com');
  const context = await browser.newContext();
  await useToken(context, base, token);
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await context.newPage();
  const stamp = Date.now().toString(36);
  const title = `Camera Lesson ${stamp}`;

  await page.goto('/staff/content/videos/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  // The connection drops during the first chunk: the upload goes on by itself from the kept offset.
  let dropped = 0;
  await page.route('**/api/videos/editor/resumable-uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && dropped === 0) {
      dropped += 1;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await page.getByLabel('Choose a video file').setInputFiles(clip);
  await expect(page.getByRole('status').filter({ hasText: 'Camera Clip.mp4 is uploaded.' })).toBeVisible({ timeout: 30_000 });

  expect(dropped).toBe(1);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
  // The job runs in the server's worker; the form reads its progress until it is ready.
  await expect(page.getByRole('status').filter({ hasText: 'Ready to stream: 960×540, 0:06' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: /Use frame \d as the poster/ })).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Use frame 2 as the poster (current)' })).toBeVisible();
  await page.getByRole('button', { name: 'Use frame 3 as the poster' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use frame 3 as the poster (current)' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved and published.' })).toBeVisible();
  const slug = await page.getByRole('textbox', { name: 'Slug', exact: true }).inputValue();

  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const visitorPage = await visitor.newPage();
  const playlists: string[] = [];
  visitorPage.on('response', (res) => {
    if (res.url().includes('.m3u8')) playlists.push(new URL(res.url()).pathname);
  });
  await visitorPage.goto(`/videos/${slug}`);
  await expect(visitorPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await playFor(visitorPage, 1);
  // hls.js read the master playlist, then at least one rendition's own playlist.
  expect(playlists.some((p) => p.endsWith('/master.m3u8'))).toBe(true);
  expect(playlists.some((p) => /\/v\d\/index\.m3u8$/.test(p))).toBe(true);

  await Promise.all([context.close(), visitor.close()]);
  rmSync(dir, { recursive: true, force: true });
});

test('a member asks for a live lesson reminder and downloads its calendar file', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const token = await signIn(baseURL, 'member@example.com');
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  await useToken(context, base, token);
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await context.newPage();
  await page.goto('/live/barre-chord-bootcamp-live');
  // Times in the viewer's own zone (the browser's), labelled with it.
  await expect(page.getByText(/GMT\+9/).first()).toBeVisible();
  const toggle = page.getByRole('button', { name: /Remind me by e-mail|Reminder on: turn it off/ });
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
  await page.getByRole('button', { name: 'Remind me by e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We will e-mail you an hour before the start.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Reminder on: turn it off' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('barre-chord-bootcamp-live.ics');
  expect(readFileSync(await file.path(), 'utf8')).toContain('SUMMARY:Barre Chord Bootcamp');
  await context.close();
});
