import { expect, request as playwrightRequest, test } from '@playwright/test';
import { startTlsProxy } from '../scripts/lib/tls-proxy.mjs';
import { signIn, signUp, useToken } from './support/auth';
import { systemTool } from './support/server';

/*
 * The documented production set-up: a TLS-terminating reverse proxy (nginx with HTTP/2 and a
 * certificate made here, scripts/lib/tls-proxy.mjs) in front of the app. The browser's Origin is
 * https://…, the app's socket is plain HTTP, and form actions must still pass React Router's Origin
 * check (X-Forwarded-Proto/-Host from a trusted proxy, ADR 0004), while a foreign Origin is still
 * refused.
 */

const nginx = systemTool('nginx', ['/usr/sbin/nginx']);
const openssl = systemTool('openssl', ['/usr/bin/openssl']);
test.skip(!nginx || !openssl, 'nginx or openssl is not installed here (CI installs both)');

let proxy: Awaited<ReturnType<typeof startTlsProxy>> | undefined;
let origin: string;

test.beforeAll(async ({ baseURL }) => {
  proxy = await startTlsProxy({ appPort: new URL(baseURL!).port, nginx: nginx!, openssl: openssl! });
  origin = proxy.origin;
});

test.afterAll(() => proxy?.stop());

test('a form action works through a TLS-terminating proxy', async ({ browser }) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
  try {
    const page = await context.newPage();
    await page.goto('/cookies');
    await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible();
    const firstSwitch = page.getByRole('switch').first();
    await firstSwitch.check();
    const answered = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/cookies'),
    );
    await page.getByRole('button', { name: 'Save my choices' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Your cookie choices have been saved.' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("an admin changes a member's roles through the proxy (a signed-in form action)", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // Sessions come from the app directly (the development mailbox); the browser goes through nginx.
  const last = `Proxied${Date.now().toString(36)}`;
  await signUp(baseURL, { first_name: 'Tess', last_name: last, label: 'proxied' });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
  try {
    await useToken(context, origin, await signIn(baseURL, 'admin@example.com'));
    const admin = await context.newPage();
    await admin.goto('/staff/members');
    await admin.getByRole('searchbox', { name: 'Name or e-mail' }).fill(last);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name: new RegExp(`Tess ${last}`) }).click();
    await expect(admin.getByRole('heading', { name: `Tess ${last}`, level: 1 })).toBeVisible();
    await admin.getByRole('checkbox', { name: /^Staff/ }).check();
    await admin.getByRole('button', { name: 'Save roles' }).click();
    await expect(admin.getByRole('status')).toHaveText('Roles saved.');
    await admin.reload();
    await expect(admin.getByRole('checkbox', { name: /^Staff/ })).toBeChecked();
  } finally {
    await context.close();
  }
});

test('a posted form with the https Origin passes; a foreign Origin is still refused', async () => {
  const api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
  try {
    const post = (from: string) =>
      api.post('/cookies', { form: { analytic: 'true' }, headers: { origin: from }, maxRedirects: 0 });
    const same = await post(origin);
    expect(same.status()).toBe(200);
    expect(same.headers()['set-cookie']).toContain('consent_analytic=');
    const foreign = await post('https://evil.example');
    expect(foreign.status()).toBe(400);
    expect(foreign.headers()['set-cookie']).toBeUndefined();
    // Downgraded to plain http:// the Origin is foreign too.
    expect((await post(origin.replace('https:', 'http:'))).status()).toBe(400);
  } finally {
    await api.dispose();
  }
});
