import { expect, test, type Page } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * Membership journeys on the sandbox provider: a learner subscribes with 4242 4242 4242 4242 and a
 * premium video unlocks; a declined card shows its error and the form works again; a member adds a
 * card, sees an invoice and cancels with a reason. Each test signs up its own user.
 */

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

async function premiumVideoSlug(page: Page): Promise<string> {
  const res = await page.request.get('/api/videos/videos?limit=100');
  const { data } = (await res.json()) as {
    data: { videos: Array<{ video_slug: string; video_premium: boolean; video_locked: boolean }> };
  };
  const video = data.videos.find((v) => v.video_premium && v.video_locked);
  expect(video, 'the catalogue seeds a premium video locked for a learner').toBeTruthy();
  return video!.video_slug;
}

test('a learner starts the free trial with 4242 4242 4242 4242 and a premium video unlocks @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Pat', last_name: 'Picker', label: 'membership-trial' });
  const slug = await premiumVideoSlug(page);
  await page.goto(`/videos/${slug}`);
  await expect(page.getByText(/is for members/)).toBeVisible();

  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Access All Areas', level: 1 })).toBeVisible();
  await expect(page.getByTestId('trial-text')).toContainText('14 days');
  await expect(page.getByText('£14.99 / month')).toBeVisible();
  await page.locator('label', { hasText: 'Yearly' }).click();
  await expect(page.getByRole('button', { name: 'Start my free trial' })).toBeVisible();
  await expect(page.getByText(/then £149\.00 a year|£149\.00 a year/)).toBeVisible();
  await page.locator('label', { hasText: 'Monthly' }).click();
  await enterCard(page, '4242 4242 4242 4242');
  const submit = page.getByRole('button', { name: 'Start my free trial' });
  await submit.dblclick();
  await expect(page.getByTestId('subscription-confirmed')).toBeVisible({ timeout: 20_000 });

  // A double click bought once.
  const list = await page.request.get('/api/finance/me/subscriptions');
  expect(((await list.json()) as { data: { subscriptions: unknown[] } }).data.subscriptions).toHaveLength(1);

  await page.goto(`/videos/${slug}`);
  await expect(page.getByText(/is for members/)).toHaveCount(0);
  await page.goto('/membership');
  await expect(page.getByTestId('member-status')).toContainText('Active');
});

test('a declined card shows the error and the form works again', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Pat', last_name: 'Picker', label: 'membership-declined' });
  await page.goto('/membership');
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Start my free trial' }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
  const submit = page.getByRole('button', { name: 'Start my free trial' });
  await expect(submit).toBeEnabled();

  await enterCard(page, '4242 4242 4242 4242');
  await submit.click();
  await expect(page.getByTestId('subscription-confirmed')).toBeVisible({ timeout: 20_000 });
});

test('a member adds a card, sees an invoice and cancels with a reason', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Pat', last_name: 'Picker', label: 'membership-member' });
  // A returning member without a trial: the first payment makes an invoice.
  const { data } = (await (await page.request.get('/api/finance/subscription-products/slug/access-all-areas')).json()) as {
    data: { subscription_product: { subscription_plans: Array<{ id_subscription_plan: number }> } };
  };
  const plan = data.subscription_product.subscription_plans[0]!.id_subscription_plan;
  const first = await page.request.post('/api/finance/me/subscriptions', {
    form: { id_subscription_plan: plan, stripe_payment_method_id: 'pm_card_visa' },
    headers: { origin: baseURL! },
  });
  const firstId = ((await first.json()) as { data: { subscription: { id_subscription: number } } }).data.subscription
    .id_subscription;
  await page.request.put(`/api/finance/me/subscriptions/${firstId}/status/cancelled`, {
    form: { subscription_product_cancellation_question: 'Trying again without a trial' },
    headers: { origin: baseURL! },
  });
  const second = await page.request.post('/api/finance/me/subscriptions', {
    form: { id_subscription_plan: plan, stripe_payment_method_id: 'pm_card_visa' },
    headers: { origin: baseURL! },
  });
  const id = ((await second.json()) as { data: { subscription: { id_subscription: number } } }).data.subscription.id_subscription;

  // The subscription page polls every second until the first payment goes through.
  await page.goto(`/me/subscriptions/${id}`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('invoices')).toContainText('£14.99');

  await page.getByRole('button', { name: 'Add a card' }).click();
  await enterCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card added. Your next payment will use it.')).toBeVisible();
  const cards = page.getByTestId('payment-methods').getByRole('listitem');
  await expect(cards.first()).toContainText('Mastercard ending 4444');
  // The card in use cannot be deleted; that error shows on its own.
  await cards
    .first()
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByTestId('delete-card-error')).toContainText('Add another card first');
  await cards
    .nth(1)
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(cards).toHaveCount(1);

  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/subscriptions/${id}/cancel$`));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please tell us why you are cancelling.')).toBeVisible();
  await page.getByLabel(/main reason/).fill('Taking a break over the summer');
  await page.getByRole('button', { name: 'Continue' }).click();
  // A paying monthly member is offered a pause first (product.md#keeping-members).
  await page.getByRole('button', { name: 'No thanks, continue cancelling' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my membership' }).click();
  await expect(page.getByTestId('cancel-result')).toContainText("You won't be charged again");
  await page.getByRole('link', { name: 'Back to your subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled');
  await expect(page.getByText('Taking a break over the summer')).toBeVisible();
});
