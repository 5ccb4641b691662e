import { expect, test } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * Keeping members (product.md#keeping-members) on the sandbox provider: a paying member who sets out
 * to cancel picks a reason, pauses for two months instead, sees the pause on the subscription page
 * and calls it off again.
 */

test('a member pauses instead of cancelling, then calls the pause off @phone', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Pat', last_name: 'Pauser', label: 'keep-members-pause' });
  // A returning member without a trial (a pause starts when a paid month ends).
  const { data } = (await (await page.request.get('/api/finance/subscription-products/slug/access-all-areas')).json()) as {
    data: {
      subscription_product: { subscription_plans: Array<{ id_subscription_plan: number; subscription_plan_interval: string }> };
    };
  };
  const plan = data.subscription_product.subscription_plans.find(
    (p) => p.subscription_plan_interval === 'month',
  )!.id_subscription_plan;
  const subscribe = () =>
    page.request.post('/api/finance/me/subscriptions', {
      form: { id_subscription_plan: plan, stripe_payment_method_id: 'pm_card_visa' },
      headers: { origin: baseURL! },
    });
  const firstId = ((await (await subscribe()).json()) as { data: { subscription: { id_subscription: number } } }).data
    .subscription.id_subscription;
  await page.request.put(`/api/finance/me/subscriptions/${firstId}/status/cancelled`, {
    form: { subscription_product_cancellation_question: 'Trying again without a trial' },
    headers: { origin: baseURL! },
  });
  const id = ((await (await subscribe()).json()) as { data: { subscription: { id_subscription: number } } }).data.subscription
    .id_subscription;
  await page.goto(`/me/subscriptions/${id}`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('pause-panel')).toContainText('Take a break');

  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/subscriptions/${id}/cancel$`));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please tell us why you are cancelling.')).toBeVisible();
  await page.getByRole('radio', { name: "I'm not using it enough" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Before you go' })).toBeVisible();
  await page.getByText('2 months', { exact: true }).click();
  await page.getByRole('button', { name: 'Pause for 2 months' }).click();
  await expect(page.getByTestId('cancel-result')).toContainText('Your membership is paused');

  await page.getByRole('link', { name: 'Back to your subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('paused-until')).toContainText('nothing is charged until');
  await page.getByRole('button', { name: 'Call off the pause' }).click();
  await expect(page.getByTestId('pause-panel')).toContainText('Take a break');
});

test('a member switches from monthly to yearly, seeing the credit and the charge first @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Sam', last_name: 'Switcher', label: 'keep-members-switch' });
  const { data } = (await (await page.request.get('/api/finance/subscription-products/slug/access-all-areas')).json()) as {
    data: {
      subscription_product: { subscription_plans: Array<{ id_subscription_plan: number; subscription_plan_interval: string }> };
    };
  };
  const plan = data.subscription_product.subscription_plans.find(
    (p) => p.subscription_plan_interval === 'month',
  )!.id_subscription_plan;
  const subscribe = () =>
    page.request.post('/api/finance/me/subscriptions', {
      form: { id_subscription_plan: plan, stripe_payment_method_id: 'pm_card_visa' },
      headers: { origin: baseURL! },
    });
  // A returning member pays at once (no second trial), so the switch is open to them.
  const firstId = ((await (await subscribe()).json()) as { data: { subscription: { id_subscription: number } } }).data
    .subscription.id_subscription;
  await page.request.put(`/api/finance/me/subscriptions/${firstId}/status/cancelled`, {
    form: { subscription_product_cancellation_question: 'Trying again without a trial' },
    headers: { origin: baseURL! },
  });
  const id = ((await (await subscribe()).json()) as { data: { subscription: { id_subscription: number } } }).data.subscription
    .id_subscription;
  await page.goto(`/me/subscriptions/${id}`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active', { timeout: 20_000 });
  await page.reload();

  const panel = page.getByTestId('switch-plan');
  await expect(panel).toContainText('Pay yearly instead');
  await panel.getByRole('button', { name: /^Switch to / }).click();
  await expect(panel.getByTestId('switch-confirm')).toContainText('Credit for the unused time');
  const due = (await panel.getByTestId('switch-amount-due').textContent())!;
  await panel.getByRole('button', { name: `Switch and pay ${due}` }).click();
  await expect(panel).toContainText('Pay monthly instead');
  await expect(page.getByRole('status').filter({ hasText: 'You are now on the' })).toBeVisible();
});
