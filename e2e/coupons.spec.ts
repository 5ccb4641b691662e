import { expect, test } from '@playwright/test';

import { signInContext, signUpContext } from './support/auth.ts';

/*
 * Coupon codes (product.md#coupons) on the sandbox provider: a Director makes a code in the staff
 * console; a new learner types a wrong code, then the right one, sees the discounted price and
 * starts the trial with it.
 */

test('a Director makes a code and a learner redeems it at checkout @phone', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;

  await signInContext(context, baseURL, 'admin@example.com');
  const staff = page;
  await staff.goto('/staff/coupons');
  await staff.getByLabel('Code', { exact: true }).fill(code);
  await staff.getByLabel('Percent off').fill('20');
  await staff.getByLabel('Which payments').selectOption('repeating');
  await staff.getByLabel('For how many months').fill('3');
  await staff.getByRole('button', { name: 'Make the code' }).click();
  await expect(staff.getByRole('status')).toContainText(`${code} is ready to use.`);
  await expect(staff.getByTestId('coupon-list')).toContainText('20% off for 3 months');

  // The learner, in the same browser once the Director's session cookie is gone.
  await context.clearCookies();
  await signUpContext(context, baseURL, { first_name: 'Cora', last_name: 'Coupon', label: 'coupons' });
  await page.goto('/membership');
  await page.getByRole('button', { name: 'Have a code?' }).click();
  await page.getByLabel('Your code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("That code isn't valid. Please check it and try again.")).toBeVisible();

  await page.getByLabel('Your code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const applied = page.getByTestId('coupon-applied');
  await expect(applied).toContainText(`${code}: 20% off for 3 months`);
  // £14.99 a month with 20% off: £11.99 for the first month.
  await expect(applied).toContainText('£11.99');
  await expect(page.getByRole('region', { name: 'Your card' })).toContainText('£11.99 for your first month');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start my free trial' }).click();
  await expect(page.getByTestId('subscription-confirmed')).toBeVisible({ timeout: 20_000 });
});
