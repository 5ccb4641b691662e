import { expect, test, type Page } from '@playwright/test';

import { analyticsBodies, keepAnalyticsBodies } from './support/analytics.ts';
import { codeFor, freshEmail, signUpInPage } from './support/auth.ts';

// product.md#calls: conversion tracking fires on sign-up completion, once per new account.

async function actionNames(page: Page): Promise<Array<string | null>> {
  return (await analyticsBodies(page)).map((form) => form.get('action_type_name'));
}

test('completing a sign-up fires the conversion action once, and a later visit to /welcome does not', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.addCookies(
    ['consent_asked', 'consent_analytic', 'consent_marketing'].map((name) => ({ name, value: 'true', url: baseURL ?? '' })),
  );
  await keepAnalyticsBodies(page);
  const email = freshEmail('signup-conversion');
  await signUpInPage(page, email);
  await page.getByLabel('Your 6-digit code').fill(await codeFor(request, email));
  await expect(page).toHaveURL(/\/welcome$/);
  await expect.poll(() => actionNames(page)).toContain('signup_conversion');
  expect((await actionNames(page)).filter((name) => name === 'signup_conversion')).toHaveLength(1);

  // The welcome flag is cleared by then: coming back is not another sign-up.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Fretline, Ada!' })).toBeVisible();
  await expect.poll(() => actionNames(page)).toContain('page_load');
  expect(await actionNames(page)).not.toContain('signup_conversion');
});
