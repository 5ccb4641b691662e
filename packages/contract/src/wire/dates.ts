import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** Dates travel as UTC `YYYY-MM-DD HH:mm:ss` both ways (product.md#calls). */
export const WIRE_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const WIRE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function formatWireDate(date: Date): string {
  // toISOString is already UTC `YYYY-MM-DDTHH:mm:ss.sssZ`; cutting it is what dayjs's format would
  // give for years 0-9999, at a tenth of the cost (every date of every response passes here).
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses a wire date; returns undefined for anything that is not one. */
export function parseWireDate(value: string): Date | undefined {
  if (!WIRE_DATE_PATTERN.test(value)) return undefined;
  const parsed = dayjs.utc(value, WIRE_DATE_FORMAT, true);
  return parsed.isValid() ? parsed.toDate() : undefined;
}

export function isWireDate(value: unknown): value is string {
  return typeof value === 'string' && parseWireDate(value) !== undefined;
}

/** JSON.stringify replacer writing every Date in the wire format (Date#toJSON has already run). */
export function wireDateReplacer(this: unknown, key: string, value: unknown): unknown {
  // A Date arrives here as its ISO string; only strings need the second look at the holder.
  if (typeof value !== 'string') return value;
  const original = (this as Record<string, unknown> | undefined)?.[key];
  return original instanceof Date ? formatWireDate(original) : value;
}

/**
 * `payload` as JSON with every Date in the wire format: the text `JSON.stringify(payload,
 * wireDateReplacer)` writes, at a little over half its cost for a list answer, because a replacer is
 * called back for every value while this copies only the arrays and plain objects that hold a Date
 * (ADR 0056). Other objects are written as JSON.stringify writes them.
 */
export function stringifyWire(payload: unknown): string {
  return JSON.stringify(withWireDates(payload));
}

function withWireDates(value: unknown): unknown {
  // An invalid Date's toJSON is null.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatWireDate(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const written = withWireDates(item);
      if (written !== item) (copy ??= value.slice())[i] = written;
    }
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const written = withWireDates(item);
    if (written !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = written;
  }
  return copy ?? value;
}

/** Turns every wire-date string in a parsed JSON value into a Date (the client's date revival). */
export function reviveWireDates<T>(value: T): T {
  if (typeof value === 'string') return (parseWireDate(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => reviveWireDates(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = reviveWireDates(v);
    return out as T;
  }
  return value;
}
