import { expect, test } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * Honest membership states and undoing a cancellation (ADR 0082, docs/product.md#keeping-members):
 * a learner in a free trial cancels, sees "Cancelled, access until {date}" with the spec's long date
 * (product.md#constants), undoes it while the access lasts, and is back in the trial.
 */

const LONG_DATE = /[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}/;

test('cancel, then undo the cancellation while the access lasts @phone', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  await signUpContext(context, baseURL, { first_name: 'Uma', last_name: 'Undo', label: 'undo-cancellation' });
  const { data } = (await (await page.request.get('/api/finance/subscription-products/slug/access-all-areas')).json()) as {
    data: { subscription_product: { subscription_plans: Array<{ id_subscription_plan: number }> } };
  };
  const created = await page.request.post('/api/finance/me/subscriptions', {
    form: {
      id_subscription_plan: data.subscription_product.subscription_plans[0]!.id_subscription_plan,
      stripe_payment_method_id: 'pm_card_visa',
    },
    headers: { origin: baseURL! },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { data: { subscription: { id_subscription: number } } }).data.subscription
    .id_subscription;

  await page.goto(`/me/subscriptions/${id}`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active', { timeout: 20_000 });
  await expect(page.getByTestId('free-trial')).toHaveText(new RegExp(`^Free trial — ends on ${LONG_DATE.source}$`));

  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/subscriptions/${id}/cancel$`));
  await page.getByLabel(/main reason/).fill('Just trying it out');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my membership' }).click();
  await expect(page.getByTestId('cancel-result')).toContainText("You won't be charged again");
  await page.getByRole('link', { name: 'Back to your subscription' }).click();

  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('membership-state')).toHaveText(new RegExp(`^Cancelled, access until ${LONG_DATE.source}$`));
  await page.goto('/me');
  await expect(page.getByTestId('membership-state')).toHaveText(new RegExp(`^Cancelled, access until ${LONG_DATE.source}$`));
  await page.getByRole('link', { name: 'Undo the cancellation' }).click();

  // /me/subscriptions lists it; its page has the undo.
  await page.goto(`/me/subscriptions/${id}`);
  const undo = page.getByTestId('undo-cancellation');
  await expect(undo).toContainText(new RegExp(`You keep access until ${LONG_DATE.source}`));
  await undo.getByRole('button', { name: 'Undo cancellation' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('undo-cancellation')).toHaveCount(0);
  await expect(page.getByTestId('free-trial')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel subscription' })).toBeVisible();

  await page.goto('/me');
  await expect(page.getByTestId('membership-state')).toHaveText(new RegExp(`^Free trial until ${LONG_DATE.source}$`));
});
