import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE_MAX_AGE_MS,
  CORRELATION_COOKIE_MAX_AGE_S,
  RETRY_STATUSES,
  RETURN_COOKIE_MAX_AGE_MS,
  RETURN_COOKIE_MAX_AGE_S,
  SCREEN_BANDS,
  TOKEN_COOKIE_MAX_AGE_MS,
} from './constants.ts';

describe('constants (product.md#constants)', () => {
  it('keeps the one-year cookies for 31536000000 ms', () => {
    expect(TOKEN_COOKIE_MAX_AGE_MS).toBe(31_536_000_000);
    expect(CONSENT_COOKIE_MAX_AGE_MS).toBe(31_536_000_000);
    expect(CORRELATION_COOKIE_MAX_AGE_S).toBe(31_536_000);
  });

  it('keeps the return route for 2880 minutes', () => {
    expect(RETURN_COOKIE_MAX_AGE_MS).toBe(2880 * 60_000);
    expect(RETURN_COOKIE_MAX_AGE_S).toBe(172_800);
  });

  it('retries exactly the listed statuses', () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('lists screen bands in increasing order', () => {
    const bounds = SCREEN_BANDS.map((b) => b.below);
    expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
  });
});
