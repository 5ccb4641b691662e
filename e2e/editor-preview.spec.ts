import { expect, test } from '@playwright/test';
import { signIn, useToken } from './support/auth';

// Draft autosave and "Preview as" (ADR 0061): an editor renames a draft without pressing save, then opens a premium draft's lesson page as a member (everything,
// the text of every section) and as a visitor (the player locked behind the trial offer), from the
// video's edit page; the public address still answers 404.

test('an editor previews a premium draft as a member and as a visitor', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString(36);
  const slug = `preview-draft-${stamp}`;
  const token = await signIn(baseURL, 'editor@example.com');

  const created = await request.post('/api/videos/editor/videos', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      video_title: `Preview Draft ${stamp}`,
      video_slug: slug,
      video_player: 'youtube',
      youtube_video_id: 'M7lc1UVf-VE',
      video_category: 'Lesson',
      video_premium: true,
      video_sections: [
        { video_section_type: 'text', video_section_heading: 'Warm-up', video_section_content: '<p>Play the scale slowly.</p>' },
        {
          video_section_type: 'text',
          video_section_heading: 'The riff',
          video_section_content: '<p>Members only riff notes.</p>',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id_video: idVideo } = ((await created.json()) as { data: { video: { id_video: number } } }).data.video;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(context, base, token);
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await context.newPage();

  // The draft saves itself after a pause (ADR 0061): the new title is kept without a button.
  await page.goto(`/staff/content/videos/${idVideo}`);
  await expect(page.getByTestId('autosave-status')).toHaveText('Draft saves automatically');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Preview Draft ${stamp}!`);
  await expect(page.getByTestId('autosave-status')).toHaveText(/^Saved · \d\d:\d\d$/);

  // From the edit page: the member preview opens in a new tab.
  const panel = page.getByTestId('preview-as');
  const [memberTab] = await Promise.all([context.waitForEvent('page'), panel.getByRole('link', { name: /As a member/ }).click()]);
  await expect(memberTab.getByTestId('preview-banner')).toContainText('Preview — not published.');
  await expect(memberTab.getByTestId('preview-banner')).toContainText('as a member would');
  await expect(memberTab.getByRole('heading', { name: `Preview Draft ${stamp}!`, level: 1 })).toBeVisible();
  await expect(memberTab.getByText('Members only riff notes.')).toBeVisible();
  await expect(memberTab.getByText('This lesson is for members')).toHaveCount(0);

  // As a visitor: the premium part is locked, the trial offered, the member's text gone.
  await memberTab.getByRole('navigation', { name: 'Preview as' }).getByRole('link', { name: 'visitor' }).click();
  await expect(memberTab.getByTestId('preview-banner')).toContainText('as a visitor (signed out) would');
  await expect(memberTab.getByText('This lesson is for members')).toBeVisible();
  await expect(memberTab.getByText(/Try the membership free/)).toBeVisible();
  await expect(memberTab.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(memberTab.getByText('Members only riff notes.')).toHaveCount(0);

  // Everything was saved: leaving the form asks nothing.
  await page.getByRole('link', { name: '← Videos' }).click();
  await expect(page.getByRole('heading', { name: 'Videos', level: 1 })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The draft has no public address.
  const visitor = await browser.newContext();
  expect((await (await visitor.newPage()).goto(`/videos/${slug}`))?.status()).toBe(404);
  await visitor.close();
  await context.close();
});
