import { expect, request as playwrightRequest, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../apps/api/test/smtp-sink.ts';
import { useToken } from './support/auth';
import { startServer, type ChildServer } from './support/server.ts';

// Mailers (product.md#mailers, ADR 0066): staff write a mailer with a lesson card, check the
// preview at phone width, pick the members, send it, watch it finish, and a member who takes
// mailers gets it at an SMTP server (the test's own sink, the server's SMTP_URL) with the RFC 8058
// one-click unsubscribe headers. A server of its own: the suite's shared one keeps mail in the
// development mailbox.

let server: ChildServer;
let sink: SmtpSink | undefined;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT ?? 0));
  server = await startServer({ NODE_ENV: 'development', SMTP_URL: sink.url }, 180_000);
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The header block of a raw message, folded lines joined. */
const headersOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headersOf(raw))?.[1]?.trim();
const to = (raw: string) => header(raw, 'To') ?? '';

/** A message to the address whose headers or body match, once the sink has it. */
async function waitForSmtp(address: string, match: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => (found = sink!.received.find((raw) => to(raw).includes(address) && match.test(raw))), { timeout: 30_000 })
    .toBeTruthy();
  return found!;
}

/** A session for a demo user, with the code read from the SMTP sink. */
async function tokenFor(base: string, email: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    const asked = await api.post('/api/auth/me/passcodes', { form: { email } });
    expect(asked.ok(), await asked.text()).toBeTruthy();
    const mail = await waitForSmtp(email, /\b\d{6}\b/);
    const passcode =
      /\b(\d{6})\b/.exec(header(mail, 'Subject') ?? '')?.[1] ?? /\b(\d{6})\b/.exec(mail.slice(headersOf(mail).length))![1]!;
    const res = await api.put('/api/auth/me/passcodes', { form: { email, passcode } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { token: string } }).data.token;
  } finally {
    await api.dispose();
  }
}

test('staff compose a mailer and send it to the members, who receive it over SMTP', async ({ browser }) => {
  test.setTimeout(150_000);
  const base = server.url;
  const stamp = Date.now().toString(36);
  const subject = `New riffs this month ${stamp}`;

  // The demo member (an active membership) takes mailers.
  const member = 'member@example.com';
  const memberToken = await tokenFor(base, member);
  const api = await playwrightRequest.newContext({ baseURL: base });
  const optIn = await api.put('/api/auth/me/notifications-mailers', {
    headers: { authorization: `Bearer ${memberToken}` },
    data: { notifications_mailers: true },
  });
  expect(optIn.ok(), await optIn.text()).toBeTruthy();
  await api.dispose();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(context, base, await tokenFor(base, 'staff@example.com'));
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await context.newPage();

  await page.goto(`${base}/staff/mailers`);
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
  await page.getByRole('combobox', { name: 'Who gets it' }).selectOption('members');
  await expect(page.getByTestId('audience-count')).toContainText(/Reaches \d+ (person|people)/);

  await page.getByRole('button', { name: 'Send now…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Send “${subject}” to`);
  await confirm.getByRole('button', { name: 'Yes, send now' }).click();

  // The progress page: the bar reaches the end and the counts say sent.
  const progress = page.getByTestId('send-progress');
  await expect(progress.getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByTestId('count-sent')).not.toHaveText('0');

  // The member's copy, delivered to the SMTP server, with the one-click unsubscribe headers.
  const mail = await waitForSmtp(member, new RegExp(`^Subject: ${subject}`, 'im'));
  const body = mail.replace(/=\r\n/g, '');
  expect(body).toContain('Three new lessons are up.');
  expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(header(mail, 'List-Unsubscribe')).toMatch(/^<http.*\/api\/auth\/me\/unsubscribes\/mailers\?email=.*&token=.*>$/);
  // Nobody outside the segment got it.
  expect(
    sink!.received
      .filter((raw) => header(raw, 'Subject') === subject)
      .map(to)
      .join(' '),
  ).not.toContain('learner@example.com');

  // Back on the list, the mailer shows as sent.
  await page.getByRole('link', { name: 'All mailers' }).click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toContainText('Sent');
  await context.close();
});
