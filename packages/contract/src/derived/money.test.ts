import { describe, expect, it } from 'vitest';
import { formatPence, formatPounds } from './money.ts';

describe('formatPence', () => {
  it('shows pence as pounds in GBP', () => {
    expect(formatPence(1200)).toBe('£12.00');
    expect(formatPence(999)).toBe('£9.99');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('groups thousands British style', () => {
    expect(formatPence(123456)).toBe('£1,234.56');
  });
});

describe('formatPounds', () => {
  it('shows a pounds amount in GBP with two decimals', () => {
    expect(formatPounds(12)).toBe('£12.00');
    expect(formatPounds(0.01)).toBe('£0.01');
  });
});
