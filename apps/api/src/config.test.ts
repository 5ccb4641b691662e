import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-production-secret-key-of-32-characters-or-more';
const production = { NODE_ENV: 'production', SECRET_KEY: SECRET, SITE_URL: 'https://fretline.example', LOG_LEVEL: 'silent' };

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
