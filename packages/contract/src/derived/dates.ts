import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMATS, type DateFormatName } from '../constants.ts';
import { parseWireDate } from '../wire/dates.ts';

dayjs.extend(utc);
// 'Do' (1st, 2nd, …) in the long format comes from advancedFormat.
dayjs.extend(advancedFormat);
// Named zones ('Europe/London') and their short labels ('GMT', 'EST') for times people plan around.
dayjs.extend(timezone);

export type DateInput = Date | string | number;
export type FormatDateOptions = {
  /**
   * Format in the runtime's local time zone instead of UTC. The default is UTC so server
   * rendering and hydration print the same text whatever zone the server runs in (ADR 0030);
   * pass `local: true` from browser-only code to show the reader's own clock.
   */
  local?: boolean;
};

function toDayjs(value: DateInput, options: FormatDateOptions): dayjs.Dayjs {
  const date = typeof value === 'string' ? (parseWireDate(value) ?? new Date(value)) : new Date(value);
  return options.local ? dayjs(date) : dayjs(date).utc();
}

/** Formats with one of the date formats (product.md#constants); '' for an invalid date. */
export function formatDate(value: DateInput, format: DateFormatName, options: FormatDateOptions = {}): string {
  const day = toDayjs(value, options);
  return day.isValid() ? day.format(DATE_FORMATS[format]) : '';
}

/** 'Mar 5th, 2024' */
export const formatLong = (value: DateInput, options?: FormatDateOptions) => formatDate(value, 'long', options);
/** '05/03/2024' */
export const formatShort = (value: DateInput, options?: FormatDateOptions) => formatDate(value, 'short', options);
/** '05/03/24' */
export const formatTiny = (value: DateInput, options?: FormatDateOptions) => formatDate(value, 'tiny', options);
/** 'Tuesday Mar 5, 2024' */
export const formatDay = (value: DateInput, options?: FormatDateOptions) => formatDate(value, 'day', options);
/** '2:07 pm' */
export const formatTime = (value: DateInput, options?: FormatDateOptions) => formatDate(value, 'time', options);

/**
 * The zone pages render times in before the browser has said its own (server rendering and the
 * first render after hydration, ADR 0048): the site's home zone, so most visitors see their clock.
 */
export const DEFAULT_TIME_ZONE = 'Europe/London';

function inZone(value: DateInput, timeZone: string): dayjs.Dayjs | null {
  const day = toDayjs(value, {});
  if (!day.isValid()) return null;
  try {
    return day.tz(timeZone);
  } catch {
    // An unknown zone name (an old browser, a bad cookie): the default zone instead.
    return day.tz(DEFAULT_TIME_ZONE);
  }
}

/** A date format (product.md#constants) in the named zone; '' for an invalid date. */
export function formatDateInZone(value: DateInput, format: DateFormatName, timeZone: string): string {
  return inZone(value, timeZone)?.format(DATE_FORMATS[format]) ?? '';
}

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const isOffsetLabel = (label: string) => /^(GMT|UTC)[+-−]/.test(label);

function shortZoneName(date: Date, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * The zone's short label at that moment: 'GMT', 'BST', 'EST', 'CET', 'UTC', else an offset such
 * as 'GMT+9'. American English names American zones only ('GMT+1' for London in summer), so an
 * offset label is looked up again in British English, which names British and European ones.
 */
export function timeZoneLabel(value: DateInput, timeZone: string): string {
  const day = toDayjs(value, {});
  if (!day.isValid()) return '';
  const zone = isKnownZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const date = day.toDate();
  const american = shortZoneName(date, zone, 'en-US');
  if (!isOffsetLabel(american)) return american;
  const british = shortZoneName(date, zone, 'en-GB');
  return isOffsetLabel(british) ? american : british;
}

/** '7:00 pm GMT': a time format (product.md#constants) with its zone, so nobody has to guess whose clock it is. */
export function formatTimeInZone(value: DateInput, timeZone: string): string {
  const time = formatDateInZone(value, 'time', timeZone);
  return time ? `${time} ${timeZoneLabel(value, timeZone)}` : '';
}

/**
 * A live stream's time in the visitor's zone, the date formats of product.md#constants: 'Wednesday Nov 25, 2026, 7:00 pm –
 * 8:00 pm GMT'; the end names its day too when it falls on another one.
 */
export function formatTimeRangeInZone(starts: DateInput, ends: DateInput, timeZone: string): string {
  const startDay = formatDateInZone(starts, 'day', timeZone);
  const endDay = formatDateInZone(ends, 'day', timeZone);
  const startTime = formatDateInZone(starts, 'time', timeZone);
  const end = endDay === startDay ? formatTimeInZone(ends, timeZone) : `${endDay}, ${formatTimeInZone(ends, timeZone)}`;
  return `${startDay}, ${startTime} – ${end}`;
}
