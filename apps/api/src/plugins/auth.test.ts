import { describe, expect, it } from 'vitest';
import { redactUrl } from './auth.ts';

describe('request log redaction', () => {
  it('blanks the passcode of a sign-in link', () => {
    expect(redactUrl('/login/123456')).toBe('/login/[redacted]');
    expect(redactUrl('/login/123456?x=1')).toBe('/login/[redacted]?x=1');
  });

  it('blanks unsubscribe tokens in paths and token query parameters', () => {
    expect(redactUrl('/unsubscribe/a%40b.com/abcDEF_-')).toBe('/unsubscribe/a%40b.com/[redacted]');
    expect(redactUrl('/unsubscribe-mailers/a%40b.com/abc')).toBe('/unsubscribe-mailers/a%40b.com/[redacted]');
    expect(redactUrl('/api/auth/me/unsubscribes?email=a%40b.com&token=secret')).toBe(
      '/api/auth/me/unsubscribes?email=a%40b.com&token=[redacted]',
    );
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/login')).toBe('/login');
    expect(redactUrl('/login-code')).toBe('/login-code');
    expect(redactUrl('/videos/some-slug?tags=rock')).toBe('/videos/some-slug?tags=rock');
  });
});
