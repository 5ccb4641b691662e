import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatLong, formatShort, formatTime, formatTiny } from './dates.ts';

// Tuesday 5 March 2024, 14:07:09 UTC.
const fixed = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));

describe('date formats (UTC by default)', () => {
  it("formats long as 'MMM Do, YYYY'", () => {
    expect(formatLong(fixed)).toBe('Mar 5th, 2024');
  });

  it("formats short as 'DD/MM/YYYY'", () => {
    expect(formatShort(fixed)).toBe('05/03/2024');
  });

  it("formats tiny as 'DD/MM/YY'", () => {
    expect(formatTiny(fixed)).toBe('05/03/24');
  });

  it("formats day as 'dddd MMM D, YYYY'", () => {
    expect(formatDay(fixed)).toBe('Tuesday Mar 5, 2024');
  });

  it("formats time as 'h:mm a'", () => {
    expect(formatTime(fixed)).toBe('2:07 pm');
    expect(formatTime(new Date(Date.UTC(2024, 0, 1, 0, 5)))).toBe('12:05 am');
  });

  it('uses the right ordinal suffixes', () => {
    expect(formatLong(new Date(Date.UTC(2024, 0, 1)))).toBe('Jan 1st, 2024');
    expect(formatLong(new Date(Date.UTC(2024, 0, 2)))).toBe('Jan 2nd, 2024');
    expect(formatLong(new Date(Date.UTC(2024, 0, 3)))).toBe('Jan 3rd, 2024');
    expect(formatLong(new Date(Date.UTC(2024, 0, 11)))).toBe('Jan 11th, 2024');
    expect(formatLong(new Date(Date.UTC(2024, 0, 22)))).toBe('Jan 22nd, 2024');
  });

  it('stays on the UTC day just before midnight UTC', () => {
    expect(formatShort(new Date(Date.UTC(2024, 11, 31, 23, 59, 59)))).toBe('31/12/2024');
  });

  it('accepts a wire date string and a timestamp', () => {
    expect(formatShort('2024-03-05 14:07:09')).toBe('05/03/2024');
    expect(formatTime(fixed.getTime())).toBe('2:07 pm');
  });

  it('is empty for an invalid date', () => {
    expect(formatLong('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN), 'short')).toBe('');
  });
});

describe('date formats with local: true', () => {
  it("uses the runtime's local clock", () => {
    const hours = fixed.getHours();
    const expected = `${hours % 12 === 0 ? 12 : hours % 12}:${String(fixed.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
    expect(formatTime(fixed, { local: true })).toBe(expected);
    const day = String(fixed.getDate()).padStart(2, '0');
    const month = String(fixed.getMonth() + 1).padStart(2, '0');
    expect(formatShort(fixed, { local: true })).toBe(`${day}/${month}/${fixed.getFullYear()}`);
  });
});
