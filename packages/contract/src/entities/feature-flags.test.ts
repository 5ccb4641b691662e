import { describe, expect, it } from 'vitest';
import { assignFeatureFlags, FEATURE_FLAGS, pickFlagValue, validateFlagDefinitions } from './feature-flags.ts';

describe('validateFlagDefinitions', () => {
  it('accepts the product flags', () => {
    expect(() => validateFlagDefinitions()).not.toThrow();
  });

  it('throws naming the flag when percentages total less than 100', () => {
    expect(() =>
      validateFlagDefinitions({
        halfDone: [
          { value: true, percentage: 40 },
          { value: false, percentage: 50 },
        ],
      }),
    ).toThrow('Feature flag "halfDone" percentages total 90, they must total 100.');
  });

  it('throws when percentages total more than 100', () => {
    expect(() =>
      validateFlagDefinitions({
        tooMuch: [
          { value: true, percentage: 60 },
          { value: false, percentage: 50 },
        ],
      }),
    ).toThrow(/total 110/);
  });

  it('throws for a negative percentage even when the total is 100', () => {
    expect(() =>
      validateFlagDefinitions({
        odd: [
          { value: true, percentage: -10 },
          { value: false, percentage: 110 },
        ],
      }),
    ).toThrow(/not a number from 0 to 100/);
  });

  it('accepts fractional shares that total 100', () => {
    expect(() =>
      validateFlagDefinitions({
        thirds: [
          { value: 'a', percentage: 33.3 },
          { value: 'b', percentage: 33.3 },
          { value: 'c', percentage: 33.4 },
        ],
      }),
    ).not.toThrow();
  });
});

describe('pickFlagValue', () => {
  const split = [
    { value: 'a', percentage: 25 },
    { value: 'b', percentage: 75 },
  ];

  it('gives each value its slice of 0–1 in order', () => {
    expect(pickFlagValue(split, 0)).toBe('a');
    expect(pickFlagValue(split, 0.2499)).toBe('a');
    expect(pickFlagValue(split, 0.25)).toBe('b');
    expect(pickFlagValue(split, 0.9999)).toBe('b');
    expect(pickFlagValue(split, 1)).toBe('b');
  });

  it('never picks a 0% value and always picks a 100% value', () => {
    for (const r of [0, 0.5, 0.999999, 1]) {
      expect(pickFlagValue(FEATURE_FLAGS.featuresLinkInFooter, r)).toBe(false);
      expect(pickFlagValue(FEATURE_FLAGS.optimizeImages, r)).toBe(true);
    }
  });
});

describe('assignFeatureFlags', () => {
  it('assigns the footer link off and image optimisation on', () => {
    expect(assignFeatureFlags(() => 0.5)).toEqual({ featuresLinkInFooter: false, optimizeImages: true });
  });
});
