import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { signIn, signUp, useToken } from './support/auth';
import { freePort, run, systemTool } from './support/server';

/*
 * The documented production set-up: a TLS-terminating reverse proxy (nginx, with a certificate made
 * here) in front of the app. The browser's Origin is https://…, the app's socket is plain HTTP, and
 * form actions must still pass React Router's Origin check (X-Forwarded-Proto/-Host from a trusted
 * proxy, ADR 0004), while a foreign Origin is still refused.
 */

const nginx = systemTool('nginx', ['/usr/sbin/nginx']);
const openssl = systemTool('openssl', ['/usr/bin/openssl']);
test.skip(!nginx || !openssl, 'nginx or openssl is not installed here (CI installs both)');

let dir: string;
let proxy: ChildProcess | undefined;
let origin: string;

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });
}

test.beforeAll(async ({ baseURL }) => {
  dir = mkdtempSync(path.join(tmpdir(), 'fretline-nginx-'));
  run(openssl!, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  const port = await freePort();
  const app = new URL(baseURL!);
  // The usual production block: TLS here, plain HTTP to the app, the forwarded headers set.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${app.port};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  proxy = spawn(nginx!, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  await expect.poll(() => portAnswers(port), { timeout: 15_000 }).toBe(true);
  origin = `https://localhost:${port}`;
});

test.afterAll(() => {
  proxy?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

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
