import { expect, test, type Locator, type Page } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * Honest membership states on /me and in the header's account menu (docs/product.md#subscriptions): a free trial says so with its
 * end date, never "Active member", and a cancelled membership says until when access lasts.
 */

test('/me says a free trial with its end, then a cancellation with the day access ends @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Tess', last_name: 'Trial', label: 'membership-state' });
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
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { subscription: { id_subscription: number } } }).data.subscription
    .id_subscription;

  const state = page.getByTestId('membership-state');
  // The provider confirms the trial on its own time: ask again until it has.
  await expect
    .poll(
      async () => {
        await page.goto('/me');
        return (await state.count()) ? state.textContent() : null;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^Free trial until [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}$/);
  await expect(page.getByText('Active member')).toHaveCount(0);
  // The header says the same in the account menu, on every page.
  await page.goto('/videos');
  await expect(await accountMenuState(page)).toHaveText(/^Free trial until [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}$/);

  const cancelled = await page.request.put(`/api/finance/me/subscriptions/${id}/status/cancelled`, {
    form: { subscription_product_cancellation_question: 'Just trying it out' },
    headers: { origin: baseURL! },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await page.goto('/me');
  await expect(state).toHaveText(/^Cancelled, access until [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}$/);
  // While access lasts the way back is offered where the state is said.
  await expect(page.getByRole('link', { name: 'Undo the cancellation' })).toHaveAttribute('href', '/me/subscriptions');
  await page.goto('/videos');
  await expect(await accountMenuState(page)).toHaveText(/^Cancelled, access until /);
});

/** Opens the header's account menu and gives its membership line. */
async function accountMenuState(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: /^Account menu for / });
  await button.click();
  return page.locator(`[id="${await button.getAttribute('aria-controls')}"]`).getByTestId('membership-state');
}
