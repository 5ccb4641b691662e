import { expect, test, type Page } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * The learner's journey (docs/product.md#learning-progress, #first-steps): leave a lesson part way,
 * come back from home to "Continue" at that moment; mark a lesson done and the course goes on; a
 * newcomer's quiz recommends a course. Each test signs up its own user or stays a visitor.
 */

interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
}

const COURSE = 'beginner-guitar-course';
const player = (page: Page) => page.getByTestId('practice-player').getByTestId('video-player').filter({ visible: true });

/** Plays muted once the hydrated player holds its media element, until the time passes `seconds` (see catalogue.spec.ts). */
async function playPast(page: Page, seconds: number): Promise<void> {
  const video = player(page);
  await expect(page.getByTestId('practice-player').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  await expect(async () => {
    await video.evaluate((el) => {
      const media = el as unknown as MediaElement;
      media.muted = true;
      if (media.paused) void media.play().catch(() => undefined);
    });
    await expect
      .poll(() => video.evaluate((el) => (el as unknown as MediaElement).currentTime), { timeout: 10_000 })
      .toBeGreaterThan(seconds);
  }).toPass({ timeout: 45_000 });
}

/**
 * Leaves the playing lesson at a known second (seeking there while it plays, then pausing, as a
 * learner who scrubbed back would), and waits for the player's report of that moment to be saved.
 */
async function leaveAt(page: Page, slug: string, second: number): Promise<void> {
  // The saved play, as the API answers it, is at that second (a report from before the seek may land first).
  const reported = page.waitForResponse(
    async (res) =>
      res.request().method() === 'PATCH' &&
      res.url().includes(`/api/videos/videos/${slug}`) &&
      ((await res.json()) as { data: { video: { video_play_current_time: number } } }).data.video.video_play_current_time ===
        second,
  );
  await player(page).evaluate((el, at) => {
    const media = el as unknown as MediaElement;
    media.currentTime = at;
    media.pause();
  }, second);
  expect((await reported).status()).toBe(200);
}

/** Home's Continue card names the lesson and the moment, and opens the lesson there (docs/product.md#learning-progress). */
async function continueFromHome(page: Page, slug: string, title: string, second: number): Promise<void> {
  await page.goto('/');
  const card = page.getByTestId('continue-learning');
  await expect(card).toContainText(`Continue: ${title}`);
  await expect(card).toContainText(`Pick up from 0:0${second}`);
  await card.click();
  await expect(page).toHaveURL(`/videos/${slug}?course=${COURSE}&t=${second}`);
  // The player opens at that second, not at the start.
  await expect(page.getByTestId('practice-player')).toContainText(`0:0${second}`);
}

/** The first-visit quiz on home, answered as a newcomer to the guitar who likes pop. */
async function takeQuiz(page: Page): Promise<void> {
  const steps = page.getByTestId('first-steps');
  await steps.getByRole('button', { name: 'Take the quiz' }).click();
  await steps.getByLabel('Never played').check();
  await steps.getByLabel('Pop').check();
  await steps.getByLabel('Acoustic').check();
  await steps.getByLabel('Play songs I love').check();
  await steps.getByRole('button', { name: 'Show my path' }).click();
}

test('leaving a lesson part way, home’s Continue brings the learner back to that moment @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpContext(context, baseURL, { first_name: 'Cora', last_name: 'Continue', label: 'learning-continue' });

  await page.goto(`/videos/tuning-up?course=${COURSE}`);
  await playPast(page, 2);
  // 5 s into the 16 s lesson: more than 10 s left, so it reopens there (docs/product.md#learning-progress).
  await leaveAt(page, 'tuning-up', 5);

  await continueFromHome(page, 'tuning-up', 'Tuning Up by Ear and with a Tuner', 5);

  // Marking it done moves the course on to the next lesson, from its start.
  await page.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByRole('button', { name: 'Mark not done' })).toBeVisible();
  await page.goto(`/courses/${COURSE}`);
  const resume = page.getByTestId('resume-course');
  await expect(resume).toHaveText('Resume: Your First Chords: E minor and G');
  await expect(resume).toHaveAttribute('href', `/videos/first-chords-em-and-g?course=${COURSE}&t=0`);
  await expect(page.getByTestId('lessons-done')).toHaveText(/^1 of \d+ lessons done$/);
  await page.goto('/courses');
  await expect(page.getByTestId('course-progress').first()).toContainText('1 of');
});

test('a newcomer takes the quiz and is recommended a course that opens @phone', async ({ page }) => {
  await page.goto('/');
  await takeQuiz(page);
  const course = page.getByTestId('first-steps').getByTestId('recommended-course');
  await expect(course).toContainText('Beginner Guitar Course');
  // The answers stay in this browser: the path is still there after a reload.
  await page.reload();
  await expect(page.getByTestId('recommended-course')).toContainText('Beginner Guitar Course');
  await page.getByTestId('recommended-course').click();
  await expect(page).toHaveURL(`/courses/${COURSE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beginner Guitar Course');
});

test('done when: a new learner takes the quiz, starts the course, comes back to Continue, practises and finds songs to play @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUpContext(context, baseURL, { first_name: 'Jo', last_name: 'Journey', label: 'learning-journey' });

  // The quiz, from home: it recommends the beginner course, which opens.
  await page.goto('/');
  await takeQuiz(page);
  await page.getByTestId('first-steps').getByTestId('recommended-course').click();
  await expect(page).toHaveURL(`/courses/${COURSE}`);

  // Start the course and leave its first lesson part way.
  await page.getByRole('link', { name: 'Start the course' }).click();
  await expect(page).toHaveURL(new RegExp(`/videos/holding-the-guitar\\?course=${COURSE}`));
  await playPast(page, 2);
  await leaveAt(page, 'holding-the-guitar', 4);

  // Back later: home's Continue opens the lesson at that moment. From here the page's clock is the
  // test's (Playwright's clock), so the practice timer and the minute run without waiting.
  await page.clock.install();
  await continueFromHome(page, 'holding-the-guitar', 'Holding the Guitar and Pick', 4);

  // Practice with the lesson's timer, logged against it.
  // The timer runs with playback (ADR 0076), so it may already hold the seconds the lesson played:
  // it is started (or resumed) and run on to ten minutes.
  const timer = page.getByRole('region', { name: 'Practice timer' });
  // The page's clock is frozen before the display is read: otherwise the seconds that pass between
  // reading it and running the clock on are counted too. The display ticks every half second, so
  // ten minutes on it reads 10:00 or 10:01.
  await timer.getByRole('button', { name: /^(Start practising|Resume)$/ }).click();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const [minutes = 0, seconds = 0] = ((await timer.getByTestId('practice-timer-clock').textContent()) ?? '0:00')
    .split(':')
    .map(Number);
  await page.clock.runFor(10 * 60_000 - (minutes * 60 + seconds) * 1000 + 500);
  await expect(timer.getByTestId('practice-timer-clock')).toHaveText(/^10:0[01]$/);
  await page.clock.resume();
  await timer.getByRole('button', { name: 'Pause' }).click();
  await timer.getByRole('button', { name: 'Stop and log' }).click();
  await expect(timer.getByRole('status')).toHaveText('Logged 10 min of practice.');
  await timer.getByRole('link', { name: 'Practice log' }).click();
  await expect(page.getByRole('heading', { name: 'Practice log', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Holding the Guitar and Pick' })).toBeVisible();

  // A One Minute Changes round: the minute runs on the test's clock.
  await page.goto('/me/chord-changes');
  await page.getByLabel('First chord').selectOption('g');
  await page.getByLabel('Second chord').selectOption('c');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await page.getByRole('button', { name: 'Start the minute' }).click();
  await page.clock.runFor(100);
  await expect(page.getByRole('button', { name: /Change!/ })).toBeFocused();
  for (let i = 0; i < 7; i++) await page.keyboard.press('Space');
  await expect(page.getByTestId('changes-count')).toHaveText('7');
  await page.clock.runFor(60_100);
  await expect(page.getByRole('status').filter({ hasText: /Saved: 7 changes from (G to C|C to G)\./ })).toBeVisible();
  await page.clock.resume();

  // The chords they play, then the songs they can play with them.
  await page.goto('/me/chords');
  for (const name of ['G', 'C', 'D', 'Em']) {
    await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Remove ${name}`, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Songs I can play now' }).click();
  await expect(page).toHaveURL(/\/videos\?playable=now/);
  await expect(page.getByRole('heading', { name: 'Putting It Together: Your First Song' })).toBeVisible();
});
