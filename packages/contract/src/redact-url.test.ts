import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl (request logs and analytics paths)', () => {
  it('blanks the passcode of a sign-in link', () => {
    expect(redactUrl('/login/123456')).toBe('/login/[redacted]');
    expect(redactUrl('/login/123456?x=1')).toBe('/login/[redacted]?x=1');
    // The link also carries the address it was sent to: personal data, kept out of logs and analytics.
    expect(redactUrl('/login/123456?email=a%40b.com')).toBe('/login/[redacted]?email=[redacted]');
    expect(redactUrl('/login/123456?x=1&email=a%40b.com#top')).toBe('/login/[redacted]?x=1&email=[redacted]#top');
    expect(redactUrl('/login/123456?email=a%40b.com&key=Ab_-9xYz')).toBe('/login/[redacted]?email=[redacted]&key=[redacted]');
    expect(redactUrl('/login/123456?key=Ab_-9xYz#top')).toBe('/login/[redacted]?key=[redacted]#top');
    expect(redactUrl('/signup?email=a%40b.com')).toBe('/signup?email=a%40b.com');
  });

  it('blanks unsubscribe tokens in paths and token query parameters', () => {
    expect(redactUrl('/unsubscribe/a%40b.com/abcDEF_-')).toBe('/unsubscribe/a%40b.com/[redacted]');
    expect(redactUrl('/unsubscribe-mailers/a%40b.com/abc')).toBe('/unsubscribe-mailers/a%40b.com/[redacted]');
    expect(redactUrl('/api/auth/me/unsubscribes?email=a%40b.com&token=secret')).toBe(
      '/api/auth/me/unsubscribes?email=a%40b.com&token=[redacted]',
    );
  });

  it('blanks thread tokens on the page and in every API call that carries one', () => {
    expect(redactUrl('/messages/12/34.c2lnbmF0dXJl')).toBe('/messages/12/[redacted]');
    expect(redactUrl('/api/messages/threads/12/34.c2lnbmF0dXJl')).toBe('/api/messages/threads/12/[redacted]');
    expect(redactUrl('/api/messages/threads/12/34.sig/read')).toBe('/api/messages/threads/12/[redacted]/read');
    expect(redactUrl('/api/messages/threads/12/34.sig/messages?limit=35')).toBe(
      '/api/messages/threads/12/[redacted]/messages?limit=35',
    );
  });

  it('leaves thread calls without a token alone', () => {
    expect(redactUrl('/messages/12')).toBe('/messages/12');
    expect(redactUrl('/api/messages/threads/12/read')).toBe('/api/messages/threads/12/read');
    expect(redactUrl('/api/messages/threads/12/messages?offset=35')).toBe('/api/messages/threads/12/messages?offset=35');
    expect(redactUrl('/api/messages/staff/threads/12/assign')).toBe('/api/messages/staff/threads/12/assign');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/login')).toBe('/login');
    expect(redactUrl('/login-code')).toBe('/login-code');
    expect(redactUrl('/videos/some-slug?tags=rock')).toBe('/videos/some-slug?tags=rock');
  });
});
