import { expect, test } from '@playwright/test';

import { signUp, useToken, waitForMail } from './support/auth.ts';
import { sendHelpdesk } from './support/helpdesk.ts';

// ADR 0045 and product.md#roles: a signed-out helpdesk sender is e-mailed their private link; following it
// proves the address, and only then does the conversation join that address's account. A wrong
// link goes to /login; so does someone else's thread, where /login says why.

test('a signed-out sender is e-mailed their link; opening it confirms the address and the thread joins the account', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await signUp(baseURL, { first_name: 'Vera', last_name: 'Verified', label: 'helpdesk-verify' });
  const memberContext = await browser.newContext();
  await useToken(memberContext, baseURL, member.token);
  const memberPage = await memberContext.newPage();

  // Signed out, with the member's address typed in.
  await page.goto('/helpdesk');
  await sendHelpdesk(page, { first: 'Vera', last: 'Verified', email: member.email, message: 'Can I change my plan?' });
  await expect(page.getByTestId('helpdesk-success')).toBeVisible();
  await expect(page.getByTestId('helpdesk-link-emailed')).toContainText('We have also e-mailed you a private link');

  // The form's own link opens the conversation but proves nothing: the page says where the proof is.
  await page.getByRole('link', { name: 'follow this conversation' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Can I change my plan?' })).toBeVisible();
  await expect(page.getByTestId('sender-unverified')).toContainText(member.email);
  await memberPage.goto('/messages');
  await expect(memberPage.getByText('No messages yet')).toBeVisible();
  await expect(memberPage.getByTestId('thread-item')).toHaveCount(0);

  // The confirmation e-mail carries the private link; opening it in a browser confirms the address.
  const mail = await waitForMail(request, member.email, /received your message/);
  const link = /https?:\/\/\S+\/messages\/\d+\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const mailed = await browser.newContext();
  const mailedPage = await mailed.newPage();
  await mailedPage.goto(new URL(link ?? '').pathname);
  await expect(mailedPage.getByTestId('thread-title')).toHaveText('Helpdesk: Technical help');
  await expect(mailedPage.getByTestId('message').filter({ hasText: 'Can I change my plan?' })).toBeVisible();
  await expect(mailedPage.getByTestId('sender-verified')).toBeVisible();
  await mailed.close();

  // Now it is in the member's inbox, and the form's link no longer opens it: that goes to /login.
  await memberPage.goto('/messages');
  await expect(memberPage.getByTestId('thread-item').filter({ hasText: 'Can I change my plan?' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await memberContext.close();
});

test('a wrong or revoked thread link goes to /login, and signing in comes back to the thread', async ({ page }) => {
  await page.goto(`/messages/1/1.${'A'.repeat(43)}`);
  await expect(page).toHaveURL(/\/login$/);
  const cookies = await page.context().cookies();
  expect(decodeURIComponent(cookies.find((c) => c.name === 'return')?.value ?? '')).toBe('/messages/1');
});

test('a signed-in user opening another account’s thread goes to /login, which says why and offers switching account', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL, { first_name: 'Owen', last_name: 'Owner', label: 'thread-owner' });
  const ownerContext = await browser.newContext();
  await useToken(ownerContext, baseURL, owner.token);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/helpdesk');
  await sendHelpdesk(ownerPage, { message: 'A private question about my account.' });
  await expect(ownerPage).toHaveURL(/\/messages\/\d+$/);
  const threadPath = new URL(ownerPage.url()).pathname;
  await ownerContext.close();

  // product.md#roles: a failed thread load redirects to /login, which explains it.
  const other = await signUp(baseURL, { first_name: 'Olive', last_name: 'Other', label: 'thread-other' });
  await useToken(context, baseURL, other.token);
  await page.goto(threadPath);
  await expect(page).toHaveURL(/\/login\?reason=thread-unavailable$/);
  const notice = page.getByTestId('thread-unavailable');
  await expect(notice.getByRole('heading', { name: 'We could not open that conversation for this account' })).toBeVisible();
  await expect(notice).toContainText(other.email);
  await expect(page.getByText('A private question about my account.')).toHaveCount(0);
  await expect(notice.getByRole('link', { name: 'Go to your messages' })).toHaveAttribute('href', '/messages');

  // A thread that does not exist is a failed load as well.
  await page.goto('/messages/999999999');
  await expect(page).toHaveURL(/\/login\?reason=thread-unavailable$/);
  await expect(page.getByTestId('thread-unavailable')).toContainText(other.email);
  await page.goto(threadPath);
  await expect(page).toHaveURL(/\/login\?reason=thread-unavailable$/);

  // Switching account signs out and comes back to the thread after signing in.
  await page.getByTestId('thread-unavailable').getByRole('button', { name: 'Sign out and switch account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: /email/i })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
  expect(decodeURIComponent(cookies.find((c) => c.name === 'return')?.value ?? '')).toBe(threadPath);
});
