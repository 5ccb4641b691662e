// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders } from './api.client';
import { CORRELATION_COOKIE, clearCorrelationId, createCorrelationId, ensureCorrelationId } from './correlation';
import { parseCookies, serializeCookie } from './cookies';

describe('correlation id (product.md#constants)', () => {
  beforeEach(() => clearCorrelationId());

  it('is 45 random alphanumeric characters', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createCorrelationId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{45}$/);
  });

  it('is created once in the browser, kept in the correlation cookie and reused', () => {
    const first = ensureCorrelationId();
    expect(parseCookies(document.cookie)[CORRELATION_COOKIE]).toBe(first);
    expect(ensureCorrelationId()).toBe(first);
  });

  it('is replaced after logout clears it', () => {
    const first = ensureCorrelationId();
    clearCorrelationId();
    expect(ensureCorrelationId()).not.toBe(first);
  });
});

describe('browser headers (product.md#calls)', () => {
  it('carry the correlation id, the client app and version and the viewport size', () => {
    const headers = browserHeaders();
    expect(headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{45}$/);
    expect(headers['x-client-app']).toBe('fretline-web');
    expect(headers['x-client-version']).toMatch(/^\d+\.\d+\.\d+/);
    expect(headers['x-viewport-width']).toBe(String(window.innerWidth));
    expect(headers['x-viewport-height']).toBe(String(window.innerHeight));
  });
});

describe('cookie serialisation', () => {
  it('writes a 1-year cookie with Path=/ and SameSite=Lax, Secure only when asked', () => {
    expect(serializeCookie('correlation', 'abc', { maxAgeSeconds: 31_536_000, secure: false })).toBe(
      'correlation=abc; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(serializeCookie('token', '', { maxAgeSeconds: 0, secure: true, httpOnly: true })).toBe(
      'token=; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly',
    );
  });
});
