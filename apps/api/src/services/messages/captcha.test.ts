import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { verifyCaptcha } from './captcha.ts';

// ADR 0027, CAPTCHA=recaptcha. Google is never called: its verify endpoint is faked at the boundary.

describe('GET /api/messages/helpdesks/form with reCAPTCHA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { CAPTCHA: 'recaptcha', RECAPTCHA_SECRET: 'server-secret', RECAPTCHA_SITE_KEY: 'public-site-key' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the page the public site key, never the secret, and no ALTCHA challenge', async () => {
    const res = await t.app.inject({ url: '/api/messages/helpdesks/form' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.form).toMatchObject({
      captcha: 'recaptcha',
      challenge_url: null,
      recaptcha_site_key: 'public-site-key',
    });
    expect(res.body).not.toContain('server-secret');
  });

  it("lets pages load Google's reCAPTCHA script and frame under the content security policy", async () => {
    const csp = String((await t.app.inject({ url: '/helpdesk' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://www.google.com/recaptcha/');
    expect(directive('script-src')).toContain('https://www.gstatic.com/recaptcha/');
    expect(directive('frame-src')).toContain('https://www.google.com/recaptcha/');
  });
});

describe('verifyCaptcha with reCAPTCHA', () => {
  const config = testConfig({ CAPTCHA: 'recaptcha', RECAPTCHA_SECRET: 'server-secret', RECAPTCHA_SITE_KEY: 'public-site-key' });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the secret, the answer and the sender's address to Google's verify endpoint and follows its verdict", async () => {
    const fetchMock = vi.fn(async (_url: string, init: { body: URLSearchParams }) => {
      const ok = init.body.get('response') === 'good-token';
      return new Response(JSON.stringify({ success: ok }), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await verifyCaptcha(config, 'good-token', '203.0.113.9')).toEqual({ ok: true });
    expect(await verifyCaptcha(config, 'bad-token', '203.0.113.9')).toEqual({ ok: false, reason: 'rejected' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(Object.fromEntries(init.body)).toEqual({ secret: 'server-secret', response: 'good-token', remoteip: '203.0.113.9' });
  });

  it('refuses a missing answer without asking Google', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await verifyCaptcha(config, '', '203.0.113.9')).toEqual({ ok: false, reason: 'missing' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
