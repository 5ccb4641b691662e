import { describe, expect, it } from 'vitest';
import { isStorableReturnRoute, returnRouteFrom } from './return-route';
import { readReturnRoute } from './return-route.server';

// Values an attacker could put in the `return` cookie. Browsers drop tabs and newlines from URLs
// and read a backslash as a slash, so each of these would land on another site if followed as is.
const HOSTILE = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/\t\\evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '//evil.example',
  '///evil.example',
  '/..//evil.example',
  '/./\t/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  ' //evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'evil.example',
  '',
];

describe('return route: only a same-origin path is followed', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(returnRouteFrom(value)).toBe('/');
    expect(isStorableReturnRoute(value)).toBe(false);
  });

  it('refuses a hostile value from the cookie, percent-encoded as browsers store it', () => {
    const request = new Request('http://localhost/login-code', {
      headers: { cookie: `return=${encodeURIComponent('/\t/evil.example')}` },
    });
    expect(readReturnRoute(request)).toBe('/');
  });

  it.each([
    ['/videos/intro?course=lead-guitar-1', '/videos/intro?course=lead-guitar-1'],
    ['/courses/beginner#lessons', '/courses/beginner#lessons'],
    ['/membership', '/membership'],
    ['/videos/../membership', '/membership'],
    ['/videos?search=a%2Fb', '/videos?search=a%2Fb'],
  ])('follows %j as %j (path, search and hash kept)', (value, expected) => {
    expect(returnRouteFrom(value)).toBe(expected);
  });

  it('still never returns to a sign-in page reached by dot segments', () => {
    expect(returnRouteFrom('/videos/../login')).toBe('/');
  });
});
