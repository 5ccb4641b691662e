import { expect, request as playwrightRequest, test, type APIRequestContext, type BrowserContext } from '@playwright/test';

// Issue 7 journeys: an admin grants Staff to a new user, who then has the staff console (and
// still not the Director's analytics); a director's analytics page counts page loads just made.

interface DevMail {
  subject: string;
  text: string;
}

async function waitForCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const { messages } = ((await res.json()) as { data: { messages: DevMail[] } }).data;
        const mail = messages.find((m) => /\b\d{6}\b/.test(m.subject) || /\b\d{6}\b/.test(m.text));
        code = mail ? (/\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1]) : undefined;
        return code !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code ?? '';
}

/**
 * Signs in through the passcode flow of the API (POST me or me/passcodes, the code from the
 * development mailbox, PUT me/passcodes), in a request context of its own.
 */
async function signIn(
  baseURL: string | undefined,
  email: string,
  signup?: { first_name: string; last_name: string },
): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const asked = signup
      ? await request.post('/api/auth/me', { form: { ...signup, email } })
      : await request.post('/api/auth/me/passcodes', { form: { email } });
    expect(asked.ok(), await asked.text()).toBeTruthy();
    const passcode = await waitForCode(request, email);
    const res = await request.put('/api/auth/me/passcodes', { form: { email, passcode } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { token: string } }).data.token;
  } finally {
    await request.dispose();
  }
}

// One code a minute per address (ADR 0010): the admin signs in once for the whole file, whose
// tests run one after another in the same worker.
let adminToken: Promise<string> | undefined;
function signInAdmin(baseURL: string | undefined): Promise<string> {
  adminToken ??= signIn(baseURL, 'admin@example.com');
  return adminToken;
}

async function useToken(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}

test('an admin grants Staff to a user, who then sees the staff console but not the analytics', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const email = `new-staff-${Date.now()}@example.com`;
  const newcomerToken = await signIn(baseURL, email, { first_name: 'Nico', last_name: 'Newcomer' });

  // Before the grant the console is closed to them.
  const newcomer = await browser.newContext();
  await useToken(newcomer, baseURL ?? '', newcomerToken);
  const newcomerPage = await newcomer.newPage();
  const before = await newcomerPage.goto('/staff/members');
  expect(before?.status()).toBeGreaterThanOrEqual(400);

  const adminContext = await browser.newContext();
  await useToken(adminContext, baseURL ?? '', await signInAdmin(baseURL));
  const admin = await adminContext.newPage();
  await admin.goto('/staff/members');
  await admin.getByRole('searchbox', { name: 'Name or e-mail' }).fill('newcomer');
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: /Nico Newcomer/ }).click();
  await expect(admin.getByRole('heading', { name: 'Nico Newcomer', level: 1 })).toBeVisible();
  await admin.getByRole('checkbox', { name: /^Staff/ }).check();
  await admin.getByRole('button', { name: 'Save roles' }).click();
  await expect(admin.getByRole('status')).toHaveText('Roles saved.');

  // The change is in the audit log, with who made it.
  await admin.goto('/staff/audit');
  const entry = admin.getByRole('listitem').filter({ hasText: 'Roles changed' }).first();
  await expect(entry).toContainText('admin@example.com');
  await expect(entry).toContainText('added: Staff');
  await adminContext.close();

  // Now the console opens for them, with the Staff tools in the navigation and not the Director's.
  await newcomerPage.goto('/staff');
  const nav = newcomerPage.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Inbox' }).click();
  await expect(newcomerPage).toHaveURL(/\/staff\/inbox/);
  const forbidden = await newcomerPage.goto('/staff/analytics');
  expect(forbidden?.status()).toBe(403);
  await expect(newcomerPage.getByRole('heading', { name: 'This page is not part of your role' })).toBeVisible();
  await newcomer.close();
});

test("a director's analytics page shows the page loads just made", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await useToken(context, baseURL ?? '', await signInAdmin(baseURL));
  const page = await context.newPage();
  await page.goto('/staff/analytics');
  await expect(page.getByRole('heading', { name: 'Page loads per day' })).toBeVisible();
  const total = page.getByTestId('total-page-loads');
  const before = Number(await total.textContent());

  // Three page loads, as the site records them (spec §7 analytics actions).
  const visitor = await playwrightRequest.newContext({ baseURL });
  for (const path of ['/videos', '/courses/beginner-guitar-course', '/courses/beginner-guitar-course']) {
    const res = await visitor.post('/api/analytics/actions', {
      form: { action_type_name: 'page_load', action_values: JSON.stringify([{ key: 'path', value: path, type: 'S' }]) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await visitor.dispose();

  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect
    .poll(async () => Number(await page.getByTestId('total-page-loads').textContent()))
    .toBeGreaterThanOrEqual(before + 3);
  // The course just visited leads the top content, under its title.
  await expect(page.getByRole('table', { name: 'Top videos and courses' })).toContainText('/courses/beginner-guitar-course');
  // The chart draws in the browser.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await context.close();
});
