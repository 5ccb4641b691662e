import { describe, expect, it } from 'vitest';
import { describeDiff, formatWhen } from './format';

describe('staff dates', () => {
  it('writes a time in the long date and time (product.md#constants), in UTC, like the member-facing pages', () => {
    expect(formatWhen(new Date(Date.UTC(2026, 10, 22, 15, 4)))).toBe('Nov 22nd, 2026, 3:04 pm UTC');
    expect(formatWhen('2026-11-02T03:14:00Z')).toBe('Nov 2nd, 2026, 3:14 am UTC');
  });

  it('writes nothing for a missing or unreadable date', () => {
    expect(formatWhen(null)).toBe('');
    expect(formatWhen('not a date')).toBe('');
  });

  it('uses the same format for dates inside an audit change', () => {
    expect(describeDiff({ session_accessed: '2026-11-22T15:04:00Z' })).toEqual(['session accessed: Nov 22nd, 2026, 3:04 pm UTC']);
  });
});
