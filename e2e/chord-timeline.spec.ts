import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

import { signIn, signUp, useToken } from './support/auth';

/*
 * Chords synced to the video (product.md#chords, ADR 0077): a learner sees the chord sounding now
 * and the next one beside the video (under it on a phone) follow the video's time, jumps by the
 * timeline strip, and a left-handed account sees the diagrams mirrored; an editor taps two chords
 * while the preview plays, nudges one, saves, and the lesson page follows the new timeline.
 */

/** The parts of the media element the tests touch (the e2e project has no DOM types). */
interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
}

// Seeded: the 16-second demo clip, one bar (3 s) per chord: Em 0, G 3, Em 6, G 9, Em 12, G 15.
const LESSON = '/videos/first-chords-em-and-g';

const currentTime = (video: Locator) => video.evaluate((el) => (el as unknown as MediaElement).currentTime);

/**
 * Starts the video once (muted) and pauses it once it has moved: before its metadata a seek only
 * sets where it will start. play()'s promise is not awaited: it may settle only when the stream's
 * first segment has arrived, and the poll's own timeout says so clearly if it never does.
 */
async function loadVideo(video: Locator): Promise<void> {
  await video.evaluate((el) => {
    const media = el as unknown as MediaElement;
    media.muted = true;
    void media.play();
  });
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(0);
  await video.evaluate((el) => (el as unknown as MediaElement).pause());
}

async function seekTo(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((el, to) => {
    const media = el as unknown as MediaElement;
    media.muted = true;
    media.currentTime = to;
  }, seconds);
  await expect.poll(() => video.evaluate((el) => (el as unknown as MediaElement).currentTime)).toBeCloseTo(seconds, 1);
}

async function openLesson(browser: Browser, baseURL: string, width: number, token?: string) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 } });
  if (token) await useToken(context, baseURL, token);
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: baseURL }]);
  const page = await context.newPage();
  return { context, page };
}

/** The Now / Next panel the width shows (the other is hidden by CSS). */
const nowNext = (page: Page) => page.locator('[data-testid="now-next"]:visible');

for (const width of [375, 1280]) {
  test(`a learner sees the chord now and next follow the video at ${width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const { context, page } = await openLesson(browser, baseURL ?? '', width);
    await page.goto(LESSON);
    await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
    const panel = nowNext(page);
    await expect(panel).toBeVisible();
    const video = page.getByTestId('practice-player').getByTestId('video-player');
    const now = panel.getByTestId('chord-now');
    const next = panel.getByTestId('chord-next');

    // On a phone the panel sits straight under the video, before the practice tools.
    const videoBox = await video.boundingBox();
    const panelBox = await panel.boundingBox();
    if (width < 1024) expect(panelBox!.y).toBeGreaterThan(videoBox!.y + videoBox!.height - 1);
    if (width < 1024) expect(panelBox!.y).toBeLessThan(videoBox!.y + videoBox!.height + 40);
    else expect(panelBox!.x).toBeGreaterThan(videoBox!.x + videoBox!.width);
    // No page wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

    await loadVideo(video);
    await seekTo(video, 4);
    await expect(now).toHaveAttribute('data-chord', 'G');
    await expect(next).toHaveAttribute('data-chord', 'Em');
    await expect(panel.getByTestId('chord-announce')).toHaveText('Now G, next Em');
    await seekTo(video, 7.5);
    await expect(now).toHaveAttribute('data-chord', 'Em');
    // Right-handed: the diagram is drawn as it is.
    await expect(now.getByRole('img')).not.toHaveAttribute('aria-label', /left-handed/);

    // Playing: the chord changes as the video's time passes the next mark.
    await seekTo(video, 8.4);
    await video.evaluate((el) => void (el as unknown as MediaElement).play());
    await expect(now).toHaveAttribute('data-chord', 'G', { timeout: 30_000 });
    expect(await currentTime(video)).toBeGreaterThanOrEqual(9);
    await video.evaluate((el) => (el as unknown as MediaElement).pause());

    // The strip seeks the video.
    await panel.getByRole('button', { name: 'Em 0:12 : play from here' }).click();
    await expect.poll(() => currentTime(video)).toBeCloseTo(12, 0);
    await expect(now).toHaveAttribute('data-chord', 'Em');
    await expect(panel.getByRole('button', { name: 'Em 0:12 : play from here' })).toHaveAttribute('aria-current', 'true');
    await context.close();
  });
}

test('a left-handed account sees the chords now and next mirrored', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const { token } = await signUp(baseURL, { first_name: 'Lefty', last_name: 'Chords', label: 'chord-timeline' });
  const res = await fetch(`${base}/api/auth/me`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ left_handed: true }),
  });
  expect(res.ok, await res.text()).toBe(true);
  const { context, page } = await openLesson(browser, base, 1280, token);
  await page.goto(LESSON);
  await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
  const video = page.getByTestId('practice-player').getByTestId('video-player');
  await loadVideo(video);
  await seekTo(video, 3.5);
  const now = nowNext(page).getByTestId('chord-now');
  await expect(now).toHaveAttribute('data-chord', 'G');
  await expect(now.getByRole('img')).toHaveAttribute('aria-label', /^G chord: .*drawn left-handed$/);
  await expect(nowNext(page).getByTestId('chord-next').getByRole('img')).toHaveAttribute('aria-label', /drawn left-handed$/);
  await context.close();
});

test('an editor taps two chords while the preview plays, nudges one and saves; the learner follows it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  // The ukulele lesson (chords C, Am, F, G), free, with a seeded timeline the editor replaces.
  const lesson = await (await fetch(`${base}/api/videos/videos/ukulele-four-chords`)).json();
  const idVideo = (lesson as { data: { video: { id_video: number } } }).data.video.id_video;

  const { context, page } = await openLesson(browser, base, 1280, await signIn(baseURL, 'editor@example.com'));
  await page.goto(`/staff/content/videos/${idVideo}`);
  const panel = page.getByTestId('chord-timeline-panel');
  await expect(panel.getByRole('heading', { name: 'Chord timeline' })).toBeVisible();
  const marks = panel.getByTestId('chord-mark');
  await expect(marks.first()).toBeVisible({ timeout: 30_000 });
  // Start again: delete the seeded marks.
  while ((await marks.count()) > 0)
    await marks
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
  await expect(panel.getByText('No marks yet')).toBeVisible();

  const video = panel.getByTestId('video-player');
  await expect(video).toBeVisible({ timeout: 30_000 });
  await video.evaluate((el) => {
    const media = el as unknown as MediaElement;
    media.muted = true;
    void media.play();
  });
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(1);
  await panel.getByRole('button', { name: 'Mark C at the current time' }).click();
  const firstAt = await currentTime(video);
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(firstAt + 1.5);
  // G is the fourth chord: its number key marks it (the focus is in the panel).
  await page.keyboard.press('4');
  await video.evaluate((el) => (el as unknown as MediaElement).pause());
  await expect(marks).toHaveCount(2);
  await expect(marks.nth(0)).toContainText('C');
  await expect(marks.nth(1)).toContainText('G');

  const before = await marks.nth(0).getByTestId('chord-mark-time').textContent();
  await marks
    .nth(0)
    .getByRole('button', { name: /0\.1 s later$/ })
    .click();
  await expect(marks.nth(0).getByTestId('chord-mark-time')).not.toHaveText(before ?? '');
  await panel.getByRole('button', { name: 'Save chord timeline' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved: 2 marks.');
  await context.close();

  // The learner's lesson page follows the saved timeline.
  const saved = (await (await fetch(`${base}/api/videos/videos/ukulele-four-chords`)).json()) as {
    data: { video: { video_chord_timeline: { chord: string; at: number }[] } };
  };
  const timeline = saved.data.video.video_chord_timeline;
  expect(timeline.map((m) => m.chord)).toEqual(['C', 'G']);
  expect(timeline[0]!.at).toBeGreaterThan(1);
  expect(timeline[1]!.at - timeline[0]!.at).toBeGreaterThan(1);

  const learner = await openLesson(browser, base, 375);
  await learner.page.goto('/videos/ukulele-four-chords');
  await expect(learner.page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
  const learnerVideo = learner.page.getByTestId('practice-player').getByTestId('video-player');
  const now = nowNext(learner.page).getByTestId('chord-now');
  await loadVideo(learnerVideo);
  await seekTo(learnerVideo, timeline[1]!.at + 0.3);
  await expect(now).toHaveAttribute('data-chord', 'G');
  await seekTo(learnerVideo, timeline[0]!.at + 0.3);
  await expect(now).toHaveAttribute('data-chord', 'C');
  await expect(nowNext(learner.page).getByTestId('chord-next')).toHaveAttribute('data-chord', 'G');
  await learner.context.close();
});
