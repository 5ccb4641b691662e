import type { z } from 'zod';

type Override = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>;
type OverrideContext = Parameters<Override>[0];
type JsonSchema = OverrideContext['jsonSchema'];

/** The wire's date: what stringifyWire writes for every Date (packages/contract/src/wire/dates.ts). */
const WIRE_DATE_JSON_SCHEMA = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'A date and time in UTC, written YYYY-MM-DD HH:mm:ss (product.md#calls).',
  examples: ['2026-12-02 17:20:00'],
} as const;

const typeOf = (schema: unknown): string | undefined =>
  (schema as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type;

/**
 * How zod schemas become JSON Schema in the OpenAPI document (ADR 0090), in place of the type
 * provider's defaults, which it repeats where they still apply:
 * - a Date is sent as the wire date, `YYYY-MM-DD HH:mm:ss` in UTC, never ISO `date-time`; the
 *   contract's WireDateSchema (a Date or a string read as one) is described as that one string;
 * - a union's branches that describe nothing (a transform's output) are dropped, and a union left
 *   with one branch is that branch;
 * - `undefined` (the no-body side of a 204) is `null`.
 */
export const describeWireTypes: Override = (ctx: OverrideContext) => {
  const type = typeOf(ctx.zodSchema);
  const json = ctx.jsonSchema as Record<string, unknown>;
  if (type === 'date' || isWireDateUnion(ctx)) {
    for (const key of Object.keys(json)) delete json[key];
    Object.assign(json, structuredClone(WIRE_DATE_JSON_SCHEMA));
    return;
  }
  if (type === 'union' && Array.isArray(json.anyOf)) {
    // `undefined` is `null` here, so an optional nullable field would say `null` twice.
    const seen = new Set<string>();
    const branches = (json.anyOf as JsonSchema[]).filter((branch) => {
      const key = JSON.stringify(branch);
      if (key === '{}' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (branches.length === 1) {
      delete json.anyOf;
      Object.assign(json, branches[0]);
    } else json.anyOf = branches;
    return;
  }
  if (type === 'undefined') json.type = 'null';
};

/** WireDateSchema's shape: a Date, or a string (read into one); a union with anything else keeps its branches. */
function isWireDateUnion(ctx: OverrideContext): boolean {
  if (typeOf(ctx.zodSchema) !== 'union') return false;
  const options = (ctx.zodSchema as unknown as { _zod: { def: { options?: readonly unknown[] } } })._zod.def.options ?? [];
  const types = options.map(typeOf);
  return types.includes('date') && types.every((type) => type === 'date' || type === 'string' || type === 'pipe');
}
