import { expect, test, type APIRequestContext } from '@playwright/test';
import { askForCodeInPage, codeFor, lastMailId, signUp } from './support/auth';

/*
 * /my-list: a signed-out visitor is sent to sign in and comes back to My List afterwards
 * (the return route, product.md#pages). The user is made through the test session fixture (ADR 0075), so
 * the browser starts signed out and its code is the address's first.
 */

/** A new user, signed up through the API, with one video saved and past the first-visit welcome. */
async function userWithSavedVideo(request: APIRequestContext, baseURL: string | undefined): Promise<string> {
  const { email, token } = await signUp(baseURL, { first_name: 'Morgan', last_name: 'Lister', label: 'mylist' });
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.put('/api/auth/me/welcome', { headers: auth })).ok()).toBe(true);
  const video = await request.get('/api/videos/videos/the-lantern-road', { headers: auth });
  const { id_video } = ((await video.json()) as { data: { video: { id_video: number } } }).data.video;
  const saved = await request.post('/api/videos/saved', { form: { id_video: String(id_video) }, headers: auth });
  expect(saved.status(), await saved.text()).toBe(201);
  return email;
}

test('a signed-out visit to My List goes to sign in and comes back to My List afterwards', async ({ page, request, baseURL }) => {
  const email = await userWithSavedVideo(request, baseURL);

  await page.goto('/my-list');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  const before = await lastMailId(request, email);
  await askForCodeInPage(page);
  await page.getByLabel('Your 6-digit code').fill(await codeFor(request, email, before));

  await expect(page).toHaveURL(/\/my-list$/);
  await expect(page.getByRole('heading', { name: 'My List', level: 1 })).toBeVisible();
  await expect(page.getByTestId('my-list').getByRole('heading', { name: 'The Lantern Road' })).toBeVisible();
});
