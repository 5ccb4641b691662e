import { expect, test, type Page } from '@playwright/test';
import { signIn, useToken } from './support/auth.ts';

/*
 * Captions and transcripts (docs/product.md#captions, ADR 0085): an editor adds English captions
 * to a lesson (a broken file is refused with its line first); a learner on a phone turns captions
 * on, the cues load and the transcript follows a jump; site search finds the lesson by a phrase
 * said in it.
 */

/** The parts of the media element and its tracks the test reads (the e2e project has no DOM types). */
interface TrackList {
  length: number;
  [index: number]: {
    language: string;
    mode: string;
    cues: { length: number } | null;
    activeCues: ArrayLike<{ text: string }> | null;
  };
}
interface MediaElement {
  textTracks: TrackList;
  muted: boolean;
  currentTime: number;
  pause(): void;
}

const dismissCookieBanner = async (page: Page) => {
  const reject = page.getByRole('button', { name: 'Reject non-essential' });
  if (await reject.isVisible()) await reject.click();
};

test('an editor adds captions; a learner on a phone sees them and finds the lesson by its words', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString(36);
  const word = `zq${stamp}`;
  const token = await signIn(baseURL, 'editor@example.com');
  const auth = { authorization: `Bearer ${token}` };

  const created = await request.post('/api/videos/editor/videos', {
    headers: auth,
    data: {
      video_title: `Captioned Lesson ${stamp}`,
      video_slug: `captioned-${stamp}`,
      video_player: 'stream',
      video_stream_manifest: 'demo/hls/demo-clip/index.m3u8',
      video_category: 'Lesson',
      video_premium: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id_video: idVideo, video_slug: slug } = (
    (await created.json()) as { data: { video: { id_video: number; video_slug: string } } }
  ).data.video;
  const published = await request.put(`/api/videos/editor/videos/${idVideo}/published`, {
    headers: auth,
    data: { video_published: true },
  });
  expect(published.status(), await published.text()).toBe(200);

  // The editor: a broken file is refused with its line; a good one becomes an editable cue list.
  const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(editorContext, base, token);
  await editorContext.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const editor = await editorContext.newPage();
  await editor.goto(`/staff/content/videos/${idVideo}`);
  const panel = editor.getByTestId('captions-panel');
  await expect(panel.getByText('No captions yet.')).toBeVisible({ timeout: 30_000 });
  const vtt = panel.getByLabel('Or paste or write WebVTT');
  await vtt.fill('WEBVTT\n\n00:00:01.000 -> 00:00:04.000\nBroken arrow\n');
  await panel.getByRole('button', { name: 'Check and save' }).click();
  await expect(panel.getByTestId('captions-error')).toContainText(/^Line \d+: .*Nothing was saved\./);
  await expect(panel.getByText('No captions yet.')).toBeVisible();

  await vtt.fill(
    `WEBVTT\n\n00:00:00.500 --> 00:00:05.000\nRest your thumb behind the neck\n\n00:00:05.500 --> 00:00:10.000\nNow the ${word} tremolo, slow and even\n\n00:00:10.500 --> 00:00:15.500\nLet it ring\n`,
  );
  await panel.getByRole('button', { name: 'Check and save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Captions saved.');
  await expect(panel.getByRole('list', { name: 'Caption languages' })).toContainText('English (en, 3 cues)');
  const cues = panel.getByTestId('cue-list').getByRole('listitem');
  await expect(cues).toHaveCount(3);
  // Edit a cue's text and nudge its end, then save the list.
  await panel.getByLabel('Cue 3 text').fill('Let it ring out');
  await panel.getByRole('button', { name: 'Cue 3 end 0.1 s later' }).click();
  await expect(panel.getByRole('textbox', { name: 'Cue 3 end', exact: true })).toHaveValue('00:00:15.600');
  await panel.getByRole('button', { name: 'Save cues' }).click();
  await expect(panel.getByRole('status')).toHaveText('Cues saved.');
  await editorContext.close();

  // The learner, on a phone: CC on, the track shows and its cues load; the transcript follows a jump.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`/videos/${slug}`);
  await dismissCookieBanner(page);
  const toggle = page.getByTestId('captions-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const video = page.getByTestId('practice-player').getByTestId('video-player');
  await expect
    .poll(() =>
      video.evaluate((el) => {
        const track = (el as unknown as MediaElement).textTracks[0];
        return track ? `${track.language} ${track.mode} ${track.cues?.length ?? 0}` : 'none';
      }),
    )
    .toBe('en showing 3');

  // Playing loads the stream (muted: no sound in a test); the transcript then jumps within it.
  await video.evaluate((el) => {
    (el as unknown as MediaElement).muted = true;
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() => video.evaluate((el) => (el as unknown as MediaElement).currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByTestId('transcript-toggle').click();
  const line = page.getByTestId('transcript-cue').filter({ hasText: `Now the ${word} tremolo` });
  await line.click();
  await expect(line).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('transcript-cue').filter({ hasText: 'Let it ring out' })).toBeVisible();
  // The words on the video itself: the cue showing at that time.
  await expect
    .poll(() =>
      video.evaluate((el) => {
        const media = el as unknown as MediaElement;
        const active = media.textTracks[0]?.activeCues;
        return active && active.length ? active[0]!.text : '';
      }),
    )
    .toContain(word);

  // The choice is remembered: the next lesson page opens with captions on.
  await page.reload();
  await expect(page.getByTestId('captions-toggle')).toHaveAttribute('aria-pressed', 'true');

  // Site search finds the lesson by a phrase said in it (in no title, excerpt or section).
  await page.goto(`/videos?search=${encodeURIComponent(`${word} tremolo`)}`);
  await expect(page.getByRole('link', { name: new RegExp(`Captioned Lesson ${stamp}`) }).first()).toBeVisible();
  await phone.close();

  await request.delete(`/api/videos/editor/videos/${idVideo}`, { headers: auth });
});
