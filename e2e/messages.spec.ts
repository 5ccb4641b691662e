import { expect, test } from '@playwright/test';

import { signIn, signUp, useToken, waitForMail } from './support/auth.ts';
import { sendHelpdesk } from './support/helpdesk.ts';

// Messages and helpdesk journeys (ADR 0029): a visitor's helpdesk message answered by staff and read through the e-mailed
// link, and a member's unread badge. The captcha is the real ALTCHA widget solving its
// proof-of-work in the browser (well under a second), so CAPTCHA stays at its default.

test('a visitor writes to the helpdesk, staff reply from the inbox, and the visitor reads it from the e-mailed link', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `visitor-${Date.now()}@example.com`;
  const question = 'The lesson video stops after ten seconds <b>every time</b>.';

  await page.goto('/helpdesk');
  await sendHelpdesk(page, { first: 'Valerie', last: 'Visitor', email, message: question });
  await expect(page.getByTestId('helpdesk-success')).toHaveText("Thanks, your message has been sent. We'll be in touch soon.");

  // Staff see it in their inbox, unanswered, with the sender's details, and reply.
  const staffContext = await browser.newContext();
  await useToken(staffContext, baseURL, await signIn(baseURL, 'staff@example.com'));
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/staff/inbox');
  const item = staffPage.getByTestId('staff-thread-item').filter({ hasText: 'Valerie Visitor' });
  await expect(item).toContainText('Unanswered');
  await item.click();
  await expect(staffPage.getByRole('link', { name: email })).toBeVisible();
  // The question shows as typed: HTML in a message is text, never markup.
  await expect(staffPage.getByTestId('message').filter({ hasText: '<b>every time</b>' })).toBeVisible();
  const answer = 'Sorry about that! Please try https://fretline.example/help/video and tell us how it goes.';
  await staffPage.getByLabel('Your message').fill(answer);
  await staffPage.getByRole('button', { name: 'Reply' }).click();
  await expect(staffPage.getByTestId('message').filter({ hasText: 'Sorry about that!' })).toBeVisible();
  await staffContext.close();

  // The e-mail carries the private link to the thread (and the unsubscribe links).
  const mail = await waitForMail(request, email, /New reply/);
  expect(mail.text).toMatch(/\/unsubscribe\//);
  const link = /https?:\/\/\S+\/messages\/\d+\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByTestId('thread-title')).toHaveText('Helpdesk: Technical help');
  const reply = page.getByTestId('message').filter({ hasText: 'Sorry about that!' });
  await expect(reply).toBeVisible();
  await expect(reply.getByRole('link', { name: 'https://fretline.example/help/video' })).toHaveAttribute('target', '_blank');

  // The holder can answer from the link.
  await page.getByLabel('Your message').fill('It works now, thank you.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'It works now' })).toBeVisible();

  // A tampered link is a failed thread load: product.md#roles sends it to /login.
  await page.goto(`${new URL(link ?? '').pathname}x`);
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in member’s unread badge rises within 5 s of a staff reply and clears when read', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUp(baseURL, { first_name: 'Mia', last_name: 'Member', label: 'messages-member' });
  await useToken(context, baseURL, token);
  const staffToken = await signIn(baseURL, 'staff@example.com');

  // Signed in, the helpdesk goes straight to the new thread (product.md#states).
  await page.goto('/helpdesk');
  await sendHelpdesk(page, { message: 'Which course should I start with after the beginner one?' });
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  const idThread = /\/messages\/(\d+)$/.exec(page.url())?.[1];

  await page.goto('/');
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toHaveAttribute('data-count', '0');

  const reply = await request.post(`/api/messages/staff/threads/${idThread}/messages`, {
    headers: { authorization: `Bearer ${staffToken}` },
    form: { message_content: 'Try Electric Rock Rhythm next!' },
  });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  const replied = Date.now();
  await expect(badge).toHaveAttribute('data-count', '1', { timeout: 6_000 });
  expect(Date.now() - replied).toBeLessThan(5_500);

  await badge.click();
  await expect(page).toHaveURL(/\/messages$/);
  const item = page.getByTestId('thread-item').filter({ hasText: 'Try Electric Rock Rhythm next!' });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await item.click();
  await expect(page.getByTestId('message').filter({ hasText: 'Try Electric Rock Rhythm next!' })).toBeVisible();
  await expect(badge).toHaveAttribute('data-count', '0');
});

test('the helpdesk form works on a phone @phone', async ({ page }) => {
  await page.goto('/helpdesk/billing');
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue('billing');
  await sendHelpdesk(page, {
    first: 'Pat',
    last: 'Phone',
    email: `phone-${Date.now()}@example.com`,
    message: 'Sent from my phone.',
  });
  await expect(page.getByTestId('helpdesk-success')).toBeVisible();
  // The success card links to the conversation, which opens without signing in.
  await page.getByRole('link', { name: 'follow this conversation' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Sent from my phone.' })).toBeVisible();
});
