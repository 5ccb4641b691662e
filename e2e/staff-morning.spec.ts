import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { connect } from 'node:net';
import { signIn, useToken, waitForMail } from './support/auth.ts';
import { freePort, startServer, type ChildServer } from './support/server.ts';

// A morning's work in the console at 1280 px (docs/product.md#staff-tools, ADR 0060, ADR 0068):
// a member of staff answers five threads, one of them after the member answered by e-mail through
// the product's own SMTP listener, with a saved reply from the context panel; an editor writes a
// lesson without HTML, with a poster chosen in the media library, previews it as a member and
// schedules it and a second lesson. A server of its own, because reply by e-mail needs the inbound
// listener and its domain, which the suite's shared server does not start.

const DOMAIN = 'replies.fretline.test';
const MX = 'mx.fretline.test';
let server: ChildServer;
let smtpPort: number;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  smtpPort = await freePort();
  server = await startServer(
    {
      NODE_ENV: 'development',
      // The members' messages are the morning's setting, sent by the test: no captcha to solve for them.
      CAPTCHA: 'off',
      INBOUND_MAIL_DOMAIN: DOMAIN,
      INBOUND_SMTP_PORT: String(smtpPort),
      // The test plays the MX in front of the listener, which has checked the sender (ADR 0072).
      INBOUND_MAIL_AUTH: 'upstream',
      INBOUND_MAIL_AUTHSERV_ID: MX,
    },
    180_000,
  );
});
test.afterAll(async () => {
  await server?.stop();
});

/** A message to the helpdesk, as a signed-in member (token) or a visitor; answers the thread's id. */
async function writeIn(api: APIRequestContext, message: string, from: { token?: string; email?: string; name?: string }) {
  const res = await api.post('/api/messages/helpdesks', {
    headers: from.token ? { authorization: `Bearer ${from.token}` } : {},
    data: { first_name: from.name ?? 'Robin', email: from.email ?? 'unused@example.com', message },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { thread: { id_thread: number } } }).data.thread.id_thread;
}

/**
 * The member's mail server handing their answer to the product's SMTP listener: one plain SMTP
 * conversation, each command waiting for the listener's final reply line.
 */
async function sendMail(port: number, mail: { from: string; to: string; text: string }) {
  const socket = connect(port, '127.0.0.1');
  let buffer = '';
  // Final reply lines not yet asked for (the greeting may come first), and the askers still waiting.
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // "250-" continues a reply; "250 " ends it.
      if (!/^\d{3} /.test(line)) continue;
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const reply = () =>
    new Promise<string>((resolve) => {
      const line = lines.shift();
      if (line === undefined) waiting.push(resolve);
      else resolve(line);
    });
  const say = async (command: string, expected: string) => {
    const answer = reply();
    socket.write(`${command}\r\n`);
    expect(await answer).toMatch(new RegExp(`^${expected}`));
  };
  expect(await reply()).toMatch(/^220/);
  await say('EHLO mail.example.com', '250');
  await say(`MAIL FROM:<${mail.from}>`, '250');
  await say(`RCPT TO:<${mail.to}>`, '250');
  await say('DATA', '354');
  await say(
    [
      `Authentication-Results: ${MX}; dmarc=pass header.from=${mail.from.split('@')[1]}`,
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      'Subject: Re: New reply',
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '.',
    ].join('\r\n'),
    '250',
  );
  await say('QUIT', '221');
  socket.end();
}

/** Opens the one open thread that has `word`, through the inbox's search. */
async function openThread(page: Page, word: string) {
  // Below 1280 px a thread takes the whole width; its back link returns to the list.
  const back = page.getByRole('link', { name: '← All conversations' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('link', { name: 'All open' }).click();
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  // The address changes once the search's list has loaded: before that, the previous search's
  // single result could be clicked by mistake.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}(&|$)`));
  const items = page.getByTestId('staff-thread-item');
  await expect(items).toHaveCount(1);
  await items.first().click();
  await expect(page.getByLabel('Your message')).toBeVisible();
}

async function reply(page: Page, text: string) {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
}

test('a morning in the console: five threads answered, one after an e-mailed answer; a lesson written, previewed and two scheduled', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const base = server.url;
  const stamp = Date.now().toString(36);
  const api = await playwrightRequest.newContext({ baseURL: base });
  const [memberToken, learnerToken, staffToken, editorToken] = await Promise.all([
    signIn(base, 'member@example.com'),
    signIn(base, 'learner@example.com'),
    signIn(base, 'staff@example.com'),
    signIn(base, 'editor@example.com'),
  ]);

  // Overnight: four new questions, and yesterday's thread a member has just answered by e-mail.
  const words = ['capo', 'strings', 'invoice', 'tuning'].map((w) => `${w}${stamp}`);
  await writeIn(api, `My ${words[0]} lesson video will not play at all.`, { token: memberToken, name: 'Morgan' });
  await writeIn(api, `Is there a student discount? And which ${words[1]} suit a beginner?`, {
    email: `strings-${stamp}@example.com`,
  });
  await writeIn(api, `Can I get an ${words[2]} for my company?`, { email: `invoice-${stamp}@example.com` });
  await writeIn(api, `Is drop D ${words[3]} covered anywhere?`, { email: `tuning-${stamp}@example.com` });
  const mailed = `metronome${stamp}`;
  const idMailed = await writeIn(api, `Where is the ${mailed} in the practice player?`, { token: learnerToken, name: 'Lee' });
  const answered = await api.post(`/api/messages/staff/threads/${idMailed}/messages`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { message_content: 'Under the speed slider, on the right.' },
  });
  expect(answered.ok(), await answered.text()).toBeTruthy();
  const mail = await waitForMail(api, 'learner@example.com', /New reply/);
  const replyTo = (mail as unknown as { headers: Record<string, string> }).headers['Reply-To'];
  expect(replyTo).toMatch(new RegExp(`^reply\\+${idMailed}\\.\\d+\\.\\d+\\.[\\w-]+@${DOMAIN.replaceAll('.', '\\.')}$`));
  await sendMail(smtpPort, {
    from: 'learner@example.com',
    to: replyTo!,
    text: `Found it, thanks! Can it count in 6/8?\r\n\r\nOn Wed, Fretline wrote:\r\n> Under the speed slider, on the right.`,
  });

  // The member of staff, at 1280 px, in the inbox.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(staffContext, base, staffToken);
  await staffContext.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await staffContext.newPage();
  await page.goto(`${base}/staff/inbox`);
  await expect(page.getByTestId('inbox-nav-counts')).toBeVisible();

  // 1. A member's video will not play: a saved reply from the context panel, with their name.
  await openThread(page, words[0]!);
  await expect(page.getByTestId('member-context').getByRole('link', { name: 'Open the member’s page' })).toBeVisible();
  await page.getByTestId('saved-replies').getByRole('button', { name: 'Video will not play' }).click();
  await expect(page.getByLabel('Your message')).toHaveValue(/^Hi Morgan,/);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'try once with extensions turned off' })).toBeVisible();

  // 2. A visitor asks for a student price: the context panel shows what is known of the address,
  // and a second saved reply answers.
  await openThread(page, words[1]!);
  const visitorContext = page.getByTestId('member-context');
  await expect(visitorContext).toContainText(`strings-${stamp}@example.com`);
  await expect(visitorContext.getByRole('link', { name: 'Open the member’s page' })).toHaveCount(0);
  await page.getByTestId('saved-replies').getByRole('button', { name: 'Student discount' }).click();
  await expect(page.getByLabel('Your message')).toHaveValue(/We do not run a student discount/);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'We do not run a student discount' })).toBeVisible();

  // 3-4. Two more visitors' questions, typed answers.
  await openThread(page, words[2]!);
  await reply(page, 'Yes: the receipt on your Membership page has your company’s name and VAT number.');
  await openThread(page, words[3]!);
  await reply(page, 'Yes, the Riffs course has a whole lesson in drop D.');

  // 5. The e-mailed answer is in its thread, without the quoted original; staff answer it.
  await openThread(page, mailed);
  // A learner: their page is one click away in the context panel.
  await expect(page.getByTestId('member-context').getByRole('link', { name: 'Open the member’s page' })).toBeVisible();
  const emailed = page.getByTestId('message').filter({ hasText: 'Can it count in 6/8?' });
  await expect(emailed).toBeVisible();
  // The quoted original (staff's own earlier answer) is gone from the member's message.
  await expect(emailed).not.toContainText('Under the speed slider');
  await expect(emailed).not.toContainText('wrote:');
  await reply(page, 'It can: choose 6/8 under the metronome’s beats.');
  await staffContext.close();

  // The editor, at 1280 px: a new lesson, written without HTML.
  const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(editorContext, base, editorToken);
  await editorContext.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const editor = await editorContext.newPage();
  const title = `Morning Strumming ${stamp}`;
  await editor.goto(`${base}/staff/content/videos`);
  await editor.getByRole('link', { name: 'New video' }).click();
  await expect(editor.getByRole('heading', { name: 'New video', level: 1 })).toBeVisible();
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(editor.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(`morning-strumming-${stamp}`);
  await editor.getByRole('radio', { name: 'YouTube' }).check();
  await editor.getByRole('textbox', { name: 'YouTube video id', exact: true }).fill('M7lc1UVf-VE');

  // The card poster, chosen in the media library: search, pick, preview.
  await editor.getByRole('button', { name: 'Choose from library: Card poster' }).click();
  const library = editor.getByRole('dialog', { name: 'Choose card poster' });
  await expect(library.getByRole('searchbox', { name: 'Search by name' })).toBeFocused();
  await library.getByRole('searchbox', { name: 'Search by name' }).fill('lesson-rhythm');
  await library.getByRole('button', { name: 'Choose lesson-rhythm.svg' }).click();
  await expect(library).toHaveCount(0);
  await expect(editor.getByAltText('Preview of Card poster')).toBeVisible();

  // A text section, with bold and a list from the keyboard and the toolbar.
  await editor.getByRole('combobox', { name: 'New section type' }).selectOption('text');
  await editor.getByRole('button', { name: 'Add section' }).click();
  const section = editor.getByRole('group', { name: 'Section 1: Text' });
  await section.getByRole('textbox', { name: 'Text', exact: true }).click();
  await editor.keyboard.type('Keep the wrist ');
  await editor.keyboard.press('ControlOrMeta+b');
  await editor.keyboard.type('loose');
  await editor.keyboard.press('ControlOrMeta+b');
  await editor.keyboard.press('Enter');
  await section.getByRole('button', { name: 'Bulleted list' }).click();
  await editor.keyboard.type('Down on one');
  await editor.keyboard.press('Enter');
  await editor.keyboard.type('Up on the and');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
  const firstUrl = editor.url();

  // Preview as a member, in a tab of its own: the formatted text, never tags.
  const [preview] = await Promise.all([
    editorContext.waitForEvent('page'),
    editor
      .getByTestId('preview-as')
      .getByRole('link', { name: /As a member/ })
      .click(),
  ]);
  await expect(preview.getByTestId('preview-banner')).toContainText('as a member would');
  await expect(preview.locator('strong', { hasText: 'loose' })).toBeVisible();
  await expect(preview.locator('li', { hasText: 'Up on the and' })).toBeVisible();
  await expect(preview.getByText('<strong>')).toHaveCount(0);
  await preview.close();

  // Schedule it for tomorrow at 09:00, in the editor's zone.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  const schedule = async (at: string) => {
    const panel = editor.getByTestId('schedule-panel');
    await panel.getByLabel('Publish on').fill(`${day}T${at}`);
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await expect(panel.getByRole('status')).toContainText('Publishes on');
  };
  await schedule('09:00');

  // A second lesson, its poster uploaded from the library, scheduled an hour later.
  await editor.getByRole('link', { name: '← Videos' }).click();
  await editor.getByRole('link', { name: 'New video' }).click();
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(`Morning Picking ${stamp}`);
  await editor.getByRole('radio', { name: 'YouTube' }).check();
  await editor.getByRole('textbox', { name: 'YouTube video id', exact: true }).fill('M7lc1UVf-VE');
  await editor.getByRole('button', { name: 'Choose from library: Card poster' }).click();
  const second = editor.getByRole('dialog', { name: 'Choose card poster' });
  await second.getByLabel('Upload new file').setInputFiles({
    name: 'picking-poster.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d6a4590000000049454e44ae426082',
      'hex',
    ),
  });
  await expect(second).toHaveCount(0);
  await expect(editor.getByText('picking-poster.png')).toBeVisible();
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
  await schedule('10:00');

  // Both wait in the list as drafts, not published yet.
  await editor.goto(`${base}/staff/content/videos?status=draft&q=${stamp}`);
  for (const lesson of [title, `Morning Picking ${stamp}`]) {
    // The row's link reads "<title> /videos/<slug> Draft Lesson …".
    await expect(editor.getByRole('link', { name: new RegExp(`^${lesson} \\S+ Draft `) })).toBeVisible();
  }
  // The first still has its poster and its time.
  await editor.goto(firstUrl);
  await expect(editor.getByAltText('Preview of Card poster')).toBeVisible();
  await expect(editor.getByTestId('schedule-panel').getByRole('status')).toContainText('9:00');
  await editorContext.close();
  await api.dispose();
});
