import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_FORMATS, type DateFormatName } from '../constants.ts';
import { parseWireDate } from '../wire/dates.ts';

dayjs.extend(utc);
// 'Do' (1st, 2nd, …) in the long format comes from advancedFormat.
dayjs.extend(advancedFormat);

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

/** Formats with one of the spec §9 formats; '' for an invalid date. */
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
