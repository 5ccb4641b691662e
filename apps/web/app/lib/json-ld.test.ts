import { describe, expect, it } from 'vitest';
import { isoDuration } from './json-ld';

describe('isoDuration', () => {
  it('writes a length in seconds as schema.org asks, ISO 8601', () => {
    expect(isoDuration(16)).toBe('PT16S');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(60)).toBe('PT1M');
    expect(isoDuration(3725)).toBe('PT1H2M5S');
    expect(isoDuration(7200)).toBe('PT2H');
    expect(isoDuration(90.6)).toBe('PT1M31S');
  });
});
