import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-production-secret-key-of-32-characters-or-more';
const production = {
  NODE_ENV: 'production',
  SECRET_KEY: SECRET,
  SITE_URL: 'https://fretline.example',
  MAIL_FROM: 'Fretline <hello@fretline.example>',
  LOG_LEVEL: 'silent',
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('captcha configuration (ADR 0027)', () => {
  it('reads the reCAPTCHA site key next to its secret', () => {
    const config = loadConfig({
      ...production,
      CAPTCHA: 'recaptcha',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site-key',
    });
    expect(config).toMatchObject({ CAPTCHA: 'recaptcha', RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site-key' });
  });

  it('refuses to start in production with reCAPTCHA but no site key, or no secret', () => {
    expect(() => loadConfig({ ...production, CAPTCHA: 'recaptcha', RECAPTCHA_SECRET: 'secret' })).toThrow(
      /refuses to start without: RECAPTCHA_SITE_KEY$/,
    );
    expect(() => loadConfig({ ...production, CAPTCHA: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key' })).toThrow(
      /without: RECAPTCHA_SECRET$/,
    );
    expect(() => loadConfig({ ...production, CAPTCHA: 'recaptcha' })).toThrow(ConfigError);
  });

  it('needs no reCAPTCHA keys for the default self-hosted captcha', () => {
    const config = loadConfig(production);
    expect(config.CAPTCHA).toBe('altcha');
    expect(config.RECAPTCHA_SITE_KEY).toBeUndefined();
  });

  it('refuses an empty site key', () => {
    expect(() => loadConfig({ ...production, CAPTCHA: 'recaptcha', RECAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: '' })).toThrow(
      /RECAPTCHA_SITE_KEY/,
    );
  });
});

describe('CAPTCHA=off in production (ADR 0042)', () => {
  it('refuses to start without CAPTCHA_OFF_IN_PRODUCTION=yes', () => {
    expect(() => loadConfig({ ...production, CAPTCHA: 'off' })).toThrow(/refuses CAPTCHA=off.*CAPTCHA_OFF_IN_PRODUCTION=yes/);
    expect(() => loadConfig({ ...production, CAPTCHA: 'off', CAPTCHA_OFF_IN_PRODUCTION: 'no' })).toThrow(ConfigError);
  });

  it('starts when told to, with a warning for every start to log', () => {
    const config = loadConfig({ ...production, CAPTCHA: 'off', CAPTCHA_OFF_IN_PRODUCTION: 'yes' });
    expect(config.CAPTCHA).toBe('off');
    expect(config.warnings).toEqual([expect.stringMatching(/CAPTCHA=off in production/)]);
  });

  it('has nothing to warn about with a captcha, or outside production', () => {
    expect(loadConfig(production).warnings).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', SECRET_KEY: SECRET, CAPTCHA: 'off' }).warnings).toEqual([]);
  });
});

describe('TRUST_PROXY (ADR 0004)', () => {
  it('is loopback only by default', () => {
    expect(loadConfig(production).TRUST_PROXY).toEqual({ subnets: [] });
    expect(loadConfig({ ...production, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual({ subnets: [] });
  });

  it('reads a hop count or a comma list of addresses and CIDR ranges', () => {
    expect(loadConfig({ ...production, TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8' }).TRUST_PROXY).toEqual({
      subnets: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8'],
    });
  });

  it.each(['0', '33', '10.0.0.0/33', 'fd00::/129', 'balancer.internal', '10.0.0/8', '10.0.0.0/8/1', '10.0.0.0/x'])(
    'refuses %j at start',
    (value) => expect(() => loadConfig({ ...production, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/),
  );
});

describe('PAYMENTS in production (ADR 0023)', () => {
  it('refuses to start on the sandbox unless asked for it by name', () => {
    const { PAYMENTS: _payments, ...unset } = production;
    expect(() => loadConfig(unset)).toThrow(/refuses to start without PAYMENTS.*PAYMENTS=sandbox/);
  });

  it('runs on the sandbox when told to, with a warning for every start to log', () => {
    const config = loadConfig({ ...production, PAYMENTS: 'sandbox' });
    expect(config.PAYMENTS).toBe('sandbox');
    expect(config.warnings).toEqual([expect.stringMatching(/PAYMENTS=sandbox in production/)]);
  });

  it('still defaults to the sandbox outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development', SECRET_KEY: SECRET });
    expect(config.PAYMENTS).toBe('sandbox');
    expect(config.warnings).toEqual([]);
  });
});

describe('SHUTDOWN_DRAIN_MS (ADR 0042)', () => {
  it('drains 5 s in production and not at all in development by default', () => {
    expect(loadConfig(production).SHUTDOWN_DRAIN_MS).toBe(5_000);
    expect(loadConfig({ NODE_ENV: 'test', SECRET_KEY: SECRET }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '15000' }).SHUTDOWN_DRAIN_MS).toBe(15_000);
    expect(() => loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(ConfigError);
  });
});

describe('HOST and LIVE_RTMP_HOST (ADR 0070)', () => {
  const development = { NODE_ENV: 'development', SECRET_KEY: SECRET };

  it('listens on loopback outside production and on every interface in production, unless told', () => {
    expect(loadConfig(development).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', SECRET_KEY: SECRET }).HOST).toBe('127.0.0.1');
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...development, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it("binds the RTMP listener to HOST's address unless it has one of its own", () => {
    expect(loadConfig(development).LIVE_RTMP_HOST).toBe('127.0.0.1');
    expect(loadConfig(production).LIVE_RTMP_HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).LIVE_RTMP_HOST).toBe('127.0.0.1');
    expect(loadConfig({ ...development, LIVE_RTMP_HOST: '0.0.0.0' }).LIVE_RTMP_HOST).toBe('0.0.0.0');
  });

  it('limits RTMP strangers by default and refuses limits that switch themselves off', () => {
    expect(loadConfig(production)).toMatchObject({
      LIVE_RTMP_HANDSHAKE_MS: 10_000,
      LIVE_RTMP_IDLE_MS: 30_000,
      LIVE_RTMP_MAX_PER_ADDRESS: 4,
    });
    expect(() => loadConfig({ ...production, LIVE_RTMP_HANDSHAKE_MS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, LIVE_RTMP_MAX_PER_ADDRESS: '0' })).toThrow(ConfigError);
  });
});

describe('the API document (API_DOCS)', () => {
  it('reads on and off, leaves the choice to NODE_ENV when unset, and refuses anything else', () => {
    expect(loadConfig({ ...production, API_DOCS: 'on' }).API_DOCS).toBe(true);
    expect(loadConfig({ ...production, API_DOCS: 'off' }).API_DOCS).toBe(false);
    expect(loadConfig(production).API_DOCS).toBeUndefined();
    expect(() => loadConfig({ ...production, API_DOCS: 'public' })).toThrow(/API_DOCS/);
  });
});

describe('production defaults', () => {
  it('refuses to start without a real sender (MAIL_FROM), like the other secrets', () => {
    const { MAIL_FROM: _sender, ...noSender } = production;
    expect(() => loadConfig(noSender)).toThrow(/refuses to start without: MAIL_FROM$/);
    expect(loadConfig(production).MAIL_FROM).toBe('Fretline <hello@fretline.example>');
  });

  it('keeps the development sender outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', SECRET_KEY: SECRET }).MAIL_FROM).toBe('Fretline <hello@fretline.localhost>');
  });

  it('seeds the demo accounts in production only when asked (DEMO_SEED=yes), and always in development', () => {
    expect(loadConfig(production).DEMO_SEED).toBe(false);
    expect(loadConfig({ ...production, DEMO_SEED: 'yes' }).DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SECRET_KEY: SECRET }).DEMO_SEED).toBe(true);
    expect(() => loadConfig({ ...production, DEMO_SEED: 'maybe' })).toThrow(ConfigError);
  });
});

describe('the metrics token (ADR 0083)', () => {
  it('leaves /metrics off when unset and refuses a token short enough to guess', () => {
    expect(loadConfig(production).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ ...production, METRICS_TOKEN: 'x'.repeat(24) }).METRICS_TOKEN).toBe('x'.repeat(24));
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 24 characters/);
  });
});

describe('DKIM signing settings (docs/operations/mail.md)', () => {
  const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dkim = { DKIM_DOMAIN: 'fretline.example', DKIM_SELECTOR: 'mail2026' };

  it('signs nothing when none is set', () => {
    expect(loadConfig(production).DKIM).toBeNull();
  });

  it('reads the key inline, with its line breaks written as \\n, or from a file', () => {
    expect(loadConfig({ ...production, ...dkim, DKIM_PRIVATE_KEY: key.replace(/\n/g, '\\n') }).DKIM).toEqual({
      domainName: 'fretline.example',
      keySelector: 'mail2026',
      privateKey: key,
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'dkim-'));
    const file = path.join(dir, 'dkim.pem');
    writeFileSync(file, key);
    try {
      expect(loadConfig({ ...production, ...dkim, DKIM_PRIVATE_KEY_FILE: file }).DKIM?.privateKey).toBe(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses half a setting, both kinds of key, an unreadable file or a key that is not PEM, saying which', () => {
    expect(() => loadConfig({ ...production, DKIM_DOMAIN: 'fretline.example', DKIM_PRIVATE_KEY: key })).toThrow(
      /DKIM signing needs every setting; missing: DKIM_SELECTOR$/,
    );
    expect(() => loadConfig({ ...production, ...dkim })).toThrow(/missing: DKIM_PRIVATE_KEY \(or DKIM_PRIVATE_KEY_FILE\)$/);
    expect(() => loadConfig({ ...production, ...dkim, DKIM_PRIVATE_KEY: key, DKIM_PRIVATE_KEY_FILE: '/x.pem' })).toThrow(
      /not both/,
    );
    expect(() => loadConfig({ ...production, ...dkim, DKIM_PRIVATE_KEY_FILE: '/no/such/dkim.pem' })).toThrow(
      /DKIM_PRIVATE_KEY_FILE cannot be read/,
    );
    expect(() => loadConfig({ ...production, ...dkim, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, ...dkim, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(
      /DKIM_PRIVATE_KEY is not a PEM private key/,
    );
  });
});
