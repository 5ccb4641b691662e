import { describe, expect, it } from 'vitest';
import { formatWireDate, isWireDate, parseWireDate, reviveWireDates, stringifyWire, wireDateReplacer } from './dates.ts';
import { WireDateSchema } from './date-schema.ts';

const fixed = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));

describe('wire dates', () => {
  it('formats a Date in UTC as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatWireDate(fixed)).toBe('2024-03-05 14:07:09');
  });

  it('round-trips a Date through the wire format to the second', () => {
    expect(parseWireDate(formatWireDate(fixed))).toEqual(fixed);
  });

  it('rejects strings that are not wire dates', () => {
    expect(parseWireDate('2024-03-05')).toBeUndefined();
    expect(parseWireDate('2024-02-30 10:00:00')).toBeUndefined();
    expect(parseWireDate('2024-03-05T14:07:09Z')).toBeUndefined();
    expect(isWireDate(42)).toBe(false);
  });

  it('writes every Date in a JSON body in the wire format', () => {
    const json = JSON.stringify({ data: { message: { message_created: fixed, list: [fixed] } } }, wireDateReplacer);
    expect(json).toBe('{"data":{"message":{"message_created":"2024-03-05 14:07:09","list":["2024-03-05 14:07:09"]}}}');
  });

  it('writes the same JSON as the replacer does, without touching what it is given', () => {
    const invalid = new Date(Number.NaN);
    const shared = { at: fixed };
    const bodies: unknown[] = [
      fixed,
      invalid,
      null,
      '2024-03-05 14:07:09',
      [fixed, 1, 'x', null, undefined, [fixed]],
      {
        data: {
          videos: [
            { id: 1, created: fixed, title: '2024-03-05T14:07:09.000Z', tags: [], gone: undefined },
            { id: 2, created: invalid, nested: { deep: [{ at: fixed }] } },
          ],
          total: 2,
          facets: { genre: [{ value: 'Blues', count: 1 }] },
        },
      },
      { twice: shared, again: shared, map: new Map([[1, fixed]]), bare: Object.assign(Object.create(null), { at: fixed }) },
      { withToJson: { toJSON: () => 'mine' }, left: fixed },
    ];
    for (const body of bodies) {
      const before = JSON.stringify(body, wireDateReplacer);
      expect(stringifyWire(body)).toBe(before);
      // Nothing was rewritten in place: the replacer still sees the same Dates.
      expect(JSON.stringify(body, wireDateReplacer)).toBe(before);
    }
    expect(stringifyWire({ at: fixed })).toBe('{"at":"2024-03-05 14:07:09"}');
  });

  it('revives wire dates anywhere in a parsed body and leaves other strings alone', () => {
    const body = JSON.parse(
      JSON.stringify({ data: { items: [{ at: fixed, title: '2024 review' }], total: 1 } }, wireDateReplacer),
    ) as unknown;
    expect(reviveWireDates(body)).toEqual({ data: { items: [{ at: fixed, title: '2024 review' }], total: 1 } });
  });

  it('lets WireDateSchema take a Date, a wire string or an ISO string, and nothing else', () => {
    expect(WireDateSchema.parse(fixed)).toEqual(fixed);
    expect(WireDateSchema.parse('2024-03-05 14:07:09')).toEqual(fixed);
    expect(WireDateSchema.parse('2024-03-05T14:07:09.000Z')).toEqual(fixed);
    expect(WireDateSchema.safeParse('next week').success).toBe(false);
    expect(WireDateSchema.safeParse(1709647629000).success).toBe(false);
  });
});
