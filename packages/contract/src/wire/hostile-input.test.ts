import { describe, expect, it } from 'vitest';
import { isHostileUrl } from './hostile-input.ts';

const hostile = (path: string) => isHostileUrl(new URL(path, 'http://localhost'));

describe('isHostileUrl', () => {
  it('flags control characters in a path or query, and a path that does not decode', () => {
    for (const path of [
      '/videos?tags=%00',
      '/live/x%00',
      '/videos/a%01b',
      '/courses/x%7F',
      '/videos?search=%07',
      '/v?%1B=1',
      '/videos/%E0%A4%A',
    ])
      expect(hostile(path), path).toBe(true);
  });

  it('lets ordinary URLs through, line breaks in a query included', () => {
    for (const path of [
      '/',
      '/videos?tags=blues&search=smoke%20on%20the%20water',
      '/videos/g-major-chord',
      '/me/subscriptions/12',
      '/x?m=a%0Ab',
      '/courses?x=%',
    ])
      expect(hostile(path), path).toBe(false);
  });
});
