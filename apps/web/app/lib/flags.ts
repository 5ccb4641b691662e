import {
  FEATURE_FLAGS,
  pickFlagValue,
  type FeatureFlagDefinition,
  type FeatureFlagName,
  type FeatureFlagValues,
} from '@fretline/contract';

/**
 * Feature flags (product.md#entities, #states): each visitor gets a value per flag at random by its percentages on the
 * first visit, kept in one cookie for a year so the site stays the same for them (ADR 0006).
 */
export const FLAGS_COOKIE = 'feature_flags';
const FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlagName[];

/** Whether `value` may still be handed out: a value whose share dropped to 0% is re-assigned. */
function isOffered(definition: FeatureFlagDefinition<unknown>, value: unknown): boolean {
  return definition.some((option) => option.value === value && option.percentage > 0);
}

/** The stored assignment, keeping only values the definitions still offer. */
export function parseFlagsCookie(raw: string | undefined): Partial<FeatureFlagValues> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const out: Partial<FeatureFlagValues> = {};
  for (const name of FLAG_NAMES) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === 'boolean' && isOffered(FEATURE_FLAGS[name], value)) out[name] = value;
  }
  return out;
}

/**
 * Fills in every flag of `definitions` the visitor has no value for, each by its percentages.
 * `changed` says whether the cookie must be written again.
 */
export function assignFromDefinitions(
  definitions: Readonly<Record<string, FeatureFlagDefinition<unknown>>>,
  stored: Readonly<Record<string, unknown>>,
  random: () => number,
): { flags: Record<string, unknown>; changed: boolean } {
  let changed = false;
  const flags: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    if (name in stored && stored[name] !== undefined) flags[name] = stored[name];
    else {
      flags[name] = pickFlagValue(definition, random());
      changed = true;
    }
  }
  return { flags, changed };
}

/** The spec's flags for a visitor (see assignFromDefinitions). */
export function assignFlags(
  stored: Partial<FeatureFlagValues>,
  random: () => number = Math.random,
): { flags: FeatureFlagValues; changed: boolean } {
  const { flags, changed } = assignFromDefinitions(FEATURE_FLAGS, stored, random);
  return { flags: flags as FeatureFlagValues, changed };
}

export function serializeFlags(flags: FeatureFlagValues): string {
  return JSON.stringify(flags);
}
