import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
