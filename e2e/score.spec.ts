import { expect, test, type Locator, type Page } from '@playwright/test';

import { signIn, useToken } from './support/auth';

/*
 * Tab and notation synced to the video (product.md#chords, ADR 0088): a learner sees the demo
 * lesson's score drawn by alphaTab follow the video's time, presses a bar to play from there and
 * chooses two bars to loop them in the practice player; an editor attaches an alphaTex file and taps
 * the bar lines while the preview plays. The video is moved by setting its time and waiting for the
 * 'seeked' event: playback in headless Chromium is not dependable (ADR 0077).
 */

/** The parts of the media element the tests touch (the e2e project has no DOM types). */
interface MediaElement {
  muted: boolean;
  currentTime: number;
  play(): Promise<void>;
  pause(): void;
  addEventListener(name: string, listener: () => void, options?: { once: boolean }): void;
}

// Seeded: six bars of Em and G, 3 s apart on the 16-second demo clip.
const LESSON = '/videos/first-chords-em-and-g';

/** Starts the video once (muted) and pauses it: before its metadata a seek only sets where it will start. */
async function loadVideo(video: Locator): Promise<void> {
  await video.evaluate(async (el) => {
    const media = el as unknown as MediaElement;
    media.muted = true;
    await media.play();
    media.pause();
  });
}

/** Sets the video's time and waits for it to arrive there. */
async function seekTo(video: Locator, seconds: number): Promise<void> {
  await video.evaluate(
    (el, to) =>
      new Promise<void>((resolve) => {
        const media = el as unknown as MediaElement;
        media.addEventListener('seeked', () => resolve(), { once: true });
        media.currentTime = to;
      }),
    seconds,
  );
}

const currentTime = (video: Locator) => video.evaluate((el) => (el as unknown as MediaElement).currentTime);
/** Presses a bar of the score, brought to the middle of the screen first (the phone's video is sticky above it). */
async function pressBar(score: Locator, bar: number, modifiers: 'Shift'[] = []): Promise<void> {
  const button = score.locator(`[data-testid="score-bar"][data-bar="${bar}"]`);
  await button.evaluate((el) =>
    (el as unknown as { scrollIntoView(o: { block: string }): void }).scrollIntoView({ block: 'center' }),
  );
  await button.click({ modifiers });
}

const currentBar = (page: Page) => page.locator('[data-testid="score-bar"][aria-current="true"]').getAttribute('data-bar');

test('a learner follows the tab with the video, plays from a bar and loops two bars @phone', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'consent_asked', value: 'true', url: baseURL ?? '' }]);
  await page.goto(LESSON);
  const score = page.getByTestId('synced-score');
  await expect(score.getByRole('heading', { name: 'Tab and notation' })).toBeVisible();
  // alphaTab has drawn the six bars (its SVG), and each is a button over the drawing.
  await expect(score.getByTestId('score-bar')).toHaveCount(6, { timeout: 30_000 });
  await expect(score.getByTestId('score-render').locator('svg').first()).toBeVisible();

  await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
  const video = page.getByTestId('practice-player').getByTestId('video-player');
  await loadVideo(video);
  await seekTo(video, 1);
  await expect.poll(() => currentBar(page)).toBe('0');
  await seekTo(video, 7.5);
  await expect.poll(() => currentBar(page)).toBe('2');
  await seekTo(video, 13);
  await expect.poll(() => currentBar(page)).toBe('4');

  // Press bar 2: the video goes to its start (3 s).
  await pressBar(score, 1);
  await expect.poll(() => currentTime(video)).toBeCloseTo(3, 1);
  await expect.poll(() => currentBar(page)).toBe('1');

  // Bars 4 to 5 (9 s to 15 s) with "Loop bars": the practice player's A and B are set there.
  await score.getByRole('button', { name: 'Loop bars' }).click();
  await pressBar(score, 3);
  await pressBar(score, 4);
  await expect(score.getByTestId('score-selection')).toHaveText('Bars 4–5');
  await expect(page.getByTestId('mark-a')).toHaveAccessibleName(/now 0:09/);
  await expect(page.getByTestId('mark-b')).toHaveAccessibleName(/now 0:15/);
  await expect(page.getByTestId('loop-region')).toBeVisible();

  // Shift-press makes a range too: bars 1 to 2 (0 s to 6 s).
  await pressBar(score, 0);
  await pressBar(score, 1, ['Shift']);
  await expect(page.getByTestId('mark-a')).toHaveAccessibleName(/now 0:00/);
  await expect(page.getByTestId('mark-b')).toHaveAccessibleName(/now 0:06/);
});

test('an editor attaches an alphaTex file and taps the bar lines while the preview plays', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  // A free lesson on the demo clip without a score.
  const lesson = (await (await fetch(`${base}/api/videos/videos/ukulele-tuning-and-holding`)).json()) as {
    data: { video: { id_video: number; video_score: unknown } };
  };
  expect(lesson.data.video.video_score).toBeNull();
  const idVideo = lesson.data.video.id_video;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const token = await signIn(baseURL, 'editor@example.com');
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  await useToken(context, base, token);
  const page = await context.newPage();
  await page.goto(`/staff/content/videos/${idVideo}`);
  const panel = page.getByTestId('score-panel');
  await expect(panel.getByRole('heading', { name: 'Tab and notation' })).toBeVisible();

  // A broken file is refused with its line, and nothing is attached.
  const input = panel.getByLabel('Score file');
  await input.setInputFiles({
    name: 'broken.atex',
    mimeType: 'text/plain',
    buffer: Buffer.from('\\title "x"\n.\n:4 (0.6 2.5 |'),
  });
  await expect(panel.getByRole('alert')).toHaveText(/^This alphaTex cannot be read: line \d+, column \d+/);

  const tex = '\\title "Four chords"\n.\n:4 3.1 3.1 3.1 3.1 | 0.1 0.1 0.1 0.1 | 1.2 1.2 1.2 1.2 | 2.3 2.3 2.3 2.3 |\n';
  await input.setInputFiles({ name: 'four-chords.atex', mimeType: 'text/plain', buffer: Buffer.from(tex) });
  await expect(panel.getByRole('status')).toHaveText('Attached four-chords.atex: 4 bars.');
  await expect(panel.getByTestId('score-file')).toContainText('Four chords');

  const video = panel.getByTestId('video-player');
  await expect(video).toBeVisible({ timeout: 30_000 });
  await loadVideo(video);
  const tap = panel.getByRole('button', { name: 'Tap at each bar line' });
  await seekTo(video, 1);
  await tap.click();
  await seekTo(video, 4);
  await tap.click();
  const points = panel.getByTestId('score-sync-point');
  await expect(points).toHaveCount(2);
  await expect(points.nth(0)).toContainText('Bar 1');
  await expect(points.nth(0).getByTestId('score-sync-time')).toHaveText('0:01.0');
  await expect(points.nth(1).getByTestId('score-sync-time')).toHaveText('0:04.0');
  await points
    .nth(1)
    .getByRole('button', { name: /0\.1 s later$/ })
    .click();
  await expect(points.nth(1).getByTestId('score-sync-time')).toHaveText('0:04.1');
  await panel.getByRole('button', { name: 'Save sync' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved: 2 bar lines.');
  // Start again empties the list to tap anew; what was saved stays until the next save.
  await panel.getByRole('button', { name: 'Start again' }).click();
  await expect(points).toHaveCount(0);
  await context.close();

  const saved = (await (await fetch(`${base}/api/videos/videos/ukulele-tuning-and-holding`)).json()) as {
    data: { video: { video_score: { score_bar_count: number; score_sync_points: { bar: number; at_ms: number }[] } } };
  };
  expect(saved.data.video.video_score.score_bar_count).toBe(4);
  expect(saved.data.video.video_score.score_sync_points).toEqual([
    { bar: 0, at_ms: 1000 },
    { bar: 1, at_ms: 4100 },
  ]);
});
