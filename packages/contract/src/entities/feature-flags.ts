/**
 * Feature flags (product.md#entities, #states and #validation): each flag lists its possible values with the percentage of visitors
 * who get each; a value is assigned at random by percentage, and percentages per flag must total
 * 100, otherwise setup fails.
 */
export interface FeatureFlagValue<T = boolean> {
  readonly value: T;
  readonly percentage: number;
}
export type FeatureFlagDefinition<T = boolean> = readonly FeatureFlagValue<T>[];

export const FEATURE_FLAGS = {
  featuresLinkInFooter: [
    { value: true, percentage: 0 },
    { value: false, percentage: 100 },
  ],
  optimizeImages: [
    { value: true, percentage: 100 },
    { value: false, percentage: 0 },
  ],
} as const satisfies Record<string, FeatureFlagDefinition>;
export type FeatureFlagName = keyof typeof FEATURE_FLAGS;
export type FeatureFlagValues = { [K in FeatureFlagName]: boolean };

/** Throws when any flag's percentages do not total 100 (product.md#validation: setup fails). */
export function validateFlagDefinitions(flags: Readonly<Record<string, FeatureFlagDefinition<unknown>>> = FEATURE_FLAGS): void {
  for (const [name, values] of Object.entries(flags)) {
    if (values.length === 0) throw new Error(`Feature flag "${name}" has no values.`);
    for (const { percentage } of values) {
      if (!Number.isFinite(percentage) || percentage < 0) {
        throw new Error(`Feature flag "${name}" has a percentage that is not a number from 0 to 100: ${String(percentage)}.`);
      }
    }
    const total = values.reduce((sum, { percentage }) => sum + percentage, 0);
    // Compare with a tolerance so 33.3 + 33.3 + 33.4 counts as 100.
    if (Math.abs(total - 100) > 1e-9) {
      throw new Error(`Feature flag "${name}" percentages total ${total}, they must total 100.`);
    }
  }
}

/**
 * Picks a value for `random0to1` in [0, 1): the values take consecutive slices of 0–100 in order,
 * so a 0% value is never picked and a 100% value always is.
 */
export function pickFlagValue<T>(flag: FeatureFlagDefinition<T>, random0to1: number): T {
  const point = Math.min(Math.max(random0to1, 0), 1) * 100;
  let upper = 0;
  for (const option of flag) {
    upper += option.percentage;
    if (option.percentage > 0 && point < upper) return option.value;
  }
  // random0to1 === 1 (or rounding): the last value with a share.
  const last = [...flag].reverse().find((option) => option.percentage > 0) ?? flag[flag.length - 1];
  if (!last) throw new Error('A feature flag needs at least one value.');
  return last.value;
}

/** Assigns every flag (product.md#states: at random by percentage). `random` is injectable for tests. */
export function assignFeatureFlags(random: () => number = Math.random): FeatureFlagValues {
  return {
    featuresLinkInFooter: pickFlagValue(FEATURE_FLAGS.featuresLinkInFooter, random()),
    optimizeImages: pickFlagValue(FEATURE_FLAGS.optimizeImages, random()),
  };
}
