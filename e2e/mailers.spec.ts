import { expect, test } from '@playwright/test';
import { signIn, signUp, useToken, waitForMail } from './support/auth';

// Mailers (product.md#mailers, ADR 0066): staff write a mailer with a lesson card, check the
// preview at phone width, pick the free learners, send it, watch it finish, and a free learner
// who takes mailers reads it in the development mailbox with its one-click unsubscribe header.

test('staff compose a mailer and send it to free learners, who receive it', async ({ browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString(36);
  const subject = `New riffs this month ${stamp}`;

  // A free learner who takes mailers.
  const learner = await signUp(baseURL, { first_name: 'Fran', last_name: 'Free', label: 'mailer' });
  const optIn = await request.put('/api/auth/me/notifications-mailers', {
    headers: { authorization: `Bearer ${learner.token}` },
    data: { notifications_mailers: true },
  });
  expect(optIn.ok(), await optIn.text()).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(context, base, await signIn(baseURL, 'staff@example.com'));
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await context.newPage();

  await page.goto('/staff/mailers');
  await expect(page.getByRole('heading', { name: 'Mailers', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New mailer' }).first().click();
  await expect(page.getByRole('heading', { name: 'New mailer', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.type('Three new lessons are up. Start with this one:');
  await page.keyboard.press('Enter');

  // A lesson card of a real lesson, from the picker.
  await page.getByRole('button', { name: 'Lesson card' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert a lesson card' });
  await expect(picker.getByRole('listitem').first()).toBeVisible();
  const lessonTitle = (await picker.getByRole('listitem').first().innerText()).trim();
  await picker.getByRole('listitem').first().getByRole('button').click();
  await expect(picker).toBeHidden();
  await expect(message.locator('[data-lesson-card]')).toContainText(lessonTitle);

  // The preview renders the e-mail, at phone width too.
  const preview = page.getByTestId('mailer-preview');
  await expect(preview.frameLocator('iframe').getByText('Three new lessons are up.')).toBeVisible();
  await expect(preview.frameLocator('iframe').getByText(lessonTitle)).toBeVisible();
  await preview.getByRole('button', { name: 'Phone' }).click();
  await expect(preview.locator('iframe')).toHaveAttribute('title', 'The e-mail at phone width');

  // The segment, with its live count.
  await page.getByRole('combobox', { name: 'Who gets it' }).selectOption('free');
  await expect(page.getByTestId('audience-count')).toContainText(/Reaches \d+ (person|people)/);

  await page.getByRole('button', { name: 'Send now…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Send “${subject}” to free learners`);
  await confirm.getByRole('button', { name: 'Yes, send now' }).click();

  // The progress page: the bar reaches the end and the counts say sent.
  const progress = page.getByTestId('send-progress');
  await expect(progress.getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByTestId('count-sent')).not.toHaveText('0');

  // The learner's copy, in the development mailbox.
  const mail = await waitForMail(request, learner.email, new RegExp(subject));
  expect(mail.text).toContain('Three new lessons are up.');
  expect(mail.text).toContain(lessonTitle);
  expect(mail.text).toMatch(/\/unsubscribe-mailers\//);
  const full = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(learner.email)}`)).json()) as {
    data: { messages: Array<{ id: number; headers: Record<string, string> }> };
  };
  const headers = full.data.messages.find((m) => m.id === mail.id)!.headers;
  expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(headers['List-Unsubscribe']).toContain('/api/auth/me/unsubscribes/mailers?email=');

  // Back on the list, the mailer shows as sent.
  await page.getByRole('link', { name: 'All mailers' }).click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toContainText('Sent');
  await context.close();
});
