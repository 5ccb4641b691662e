import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateInZone,
  formatDay,
  formatLong,
  formatShort,
  formatTime,
  formatTimeInZone,
  formatTimeRangeInZone,
  timeZoneLabel,
  formatTiny,
} from './dates.ts';

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

describe('times in a time zone (ADR 0048)', () => {
  const evening = new Date('2026-11-25T19:00:00Z');
  it('labels a time with its zone, in the time format (product.md#constants)', () => {
    expect(formatTimeInZone(evening, 'Europe/London')).toBe('7:00 pm GMT');
    expect(formatTimeInZone(evening, 'America/New_York')).toBe('2:00 pm EST');
    expect(formatTimeInZone(new Date('2026-07-01T19:00:00Z'), 'Europe/London')).toBe('8:00 pm BST');
  });

  it('names British and European zones as people there say them, else an offset', () => {
    const summer = new Date('2026-07-01T19:00:00Z');
    expect(timeZoneLabel(summer, 'Europe/Paris')).toBe('CEST');
    expect(timeZoneLabel(evening, 'Europe/Paris')).toBe('CET');
    expect(timeZoneLabel(summer, 'America/New_York')).toBe('EDT');
    expect(timeZoneLabel(summer, 'Asia/Tokyo')).toBe('GMT+9');
    expect(timeZoneLabel(summer, 'UTC')).toBe('UTC');
    expect(timeZoneLabel(summer, 'Not/AZone')).toBe('BST');
  });

  it('formats a stream from start to end, naming the end day only when it differs', () => {
    const end = new Date('2026-11-25T20:00:00Z');
    expect(formatTimeRangeInZone(evening, end, 'Europe/London')).toBe('Wednesday Nov 25, 2026, 7:00 pm – 8:00 pm GMT');
    expect(formatTimeRangeInZone(evening, end, 'Asia/Tokyo')).toBe('Thursday Nov 26, 2026, 4:00 am – 5:00 am GMT+9');
    expect(formatTimeRangeInZone(evening, new Date('2026-11-26T01:00:00Z'), 'Europe/London')).toBe(
      'Wednesday Nov 25, 2026, 7:00 pm – Thursday Nov 26, 2026, 1:00 am GMT',
    );
  });

  it('falls back to the default zone for an unknown zone name', () => {
    expect(formatDateInZone(evening, 'long', 'Not/AZone')).toBe(formatDateInZone(evening, 'long', DEFAULT_TIME_ZONE));
  });
});
