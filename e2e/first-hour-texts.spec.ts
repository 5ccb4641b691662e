import { expect, test, type Page } from '@playwright/test';

import { codeFor, freshEmail, signUpContext, signUpInPage } from './support/auth.ts';

/*
 * The texts a new visitor, learner and member meet in their first hour (docs/decisions/0048):
 * messages say what happened, a trial is offered and shown as a trial, names are written one way,
 * and live-stream times are in the visitor's own zone with its label.
 */

interface Offer {
  subscription_product_trial_days: number;
  subscription_plans: Array<{ id_subscription_plan: number; subscription_plan_interval: string }>;
}

async function membershipOffer(page: Page): Promise<Offer> {
  const res = await page.request.get('/api/finance/subscription-products/slug/access-all-areas');
  return ((await res.json()) as { data: { subscription_product: Offer } }).data.subscription_product;
}

async function premiumVideoSlug(page: Page): Promise<string> {
  const res = await page.request.get('/api/videos/videos?limit=100');
  const { data } = (await res.json()) as { data: { videos: Array<{ video_slug: string; video_locked: boolean }> } };
  const video = data.videos.find((v) => v.video_locked);
  expect(video, 'the catalogue seeds a premium video locked for a learner').toBeTruthy();
  return video!.video_slug;
}

test('a wrong code says the code is wrong, not to check the address', async ({ page, request }) => {
  const email = freshEmail('texts-wrong');
  await signUpInPage(page, email);
  const code = await codeFor(request, email);
  await page.getByLabel('Your 6-digit code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await expect(page.getByText("That code isn't right.", { exact: false })).toBeVisible();
  await expect(page.getByText('Please check your email address is correct')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Restart login' })).toBeVisible();
});

test('the 404 page shows the error page’s default message (product.md#pages) @phone', async ({ page }) => {
  const response = await page.goto('/no-such-page-at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
  await expect(page.getByText('Something went wrong, please contact support.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});

test('the helpdesk form checks itself in the page, not with the browser bubbles @phone', async ({ page }) => {
  await page.goto('/helpdesk');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send message' }) });
  await expect(form).toHaveAttribute('novalidate', '');
  await page.getByRole('button', { name: 'Send message' }).click();
  const firstName = page.getByRole('textbox', { name: /First name/ });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter your first name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  await expect(page.getByText('Please tick the box to let us keep your message and reply to you.')).toBeVisible();
});

test('the card form asks for an empty card number and keeps the expiry as typed', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Pat', last_name: 'Picker', label: 'texts-card' });
  await page.goto('/membership');
  const expiry = page.getByRole('textbox', { name: /Expiry/ });
  await expiry.pressSequentially('12 / 2034');
  await expect(expiry).toHaveValue('12 / 2034');
  await page.getByRole('button', { name: 'Start my free trial' }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Enter your card number.');
  await expect(page.getByText('Your card number is incorrect.')).toHaveCount(0);
});

test('a locked lesson offers a new learner the free trial with its length, and names are capitalised', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'jamie', last_name: 'harrison', label: 'texts-locked' });
  const { subscription_product_trial_days: days } = await membershipOffer(page);
  await page.goto(`/videos/${await premiumVideoSlug(page)}`);
  await expect(page.getByRole('link', { name: `Start your ${days}-day free trial` })).toBeVisible();
  // The header menu writes the name as the contract's fullName does.
  await expect(page.getByRole('button', { name: 'Account menu for Jamie Harrison' })).toBeAttached();
});

test('a member in their free trial sees when it ends on the subscription page and in the list', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Tia', last_name: 'Trial', label: 'texts-trial' });
  const offer = await membershipOffer(page);
  const monthly = offer.subscription_plans.find((p) => p.subscription_plan_interval === 'month')!;
  const created = await page.request.post('/api/finance/me/subscriptions', {
    form: { id_subscription_plan: monthly.id_subscription_plan, stripe_payment_method_id: 'pm_card_visa' },
    headers: { origin: baseURL! },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { data: { subscription: { id_subscription: number } } }).data.subscription
    .id_subscription;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/finance/me/subscriptions/${id}`);
      return ((await res.json()) as { data: { subscription: { subscription_status: string } } }).data.subscription
        .subscription_status;
    })
    .toBe('active');

  await page.goto(`/me/subscriptions/${id}`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('free-trial')).toHaveText(/^Free trial — ends on [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}$/);
  await page.goto('/me/subscriptions');
  await expect(page.getByTestId('free-trial')).toContainText('Free trial — ends on');
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('live-stream times are in the visitor’s zone, labelled, with no hydration warning', async ({ page }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await page.goto('/live');
    const times = page.locator('main time');
    await expect(times.first()).toHaveText(/^[A-Z][a-z]+day [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]m E[SD]T$/);
    await page.locator('main a[href^="/live/"]').first().click();
    await expect(page.getByText(/\d{1,2}:\d{2} [ap]m – .*\d{1,2}:\d{2} [ap]m E[SD]T/).first()).toBeVisible();
    expect(hydrationErrors).toEqual([]);
  });
});
