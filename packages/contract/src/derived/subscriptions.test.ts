import { describe, expect, it } from 'vitest';
import { freeTrialText, isInFreeTrial } from './subscriptions.ts';
import { startTrialText } from './trial-offer.ts';

const now = new Date('2026-11-25T12:00:00Z');
const end = new Date('2026-12-09T12:00:00Z');

describe('freeTrialText', () => {
  it('names the end of a running trial in the long format (product.md#constants)', () => {
    expect(freeTrialText({ subscription_status: 'active', subscription_trial_end: end }, now)).toBe(
      'Free trial — ends on Dec 9th, 2026',
    );
  });

  it('is null once the trial is over, without a trial, or when the subscription is not active', () => {
    expect(
      freeTrialText({ subscription_status: 'active', subscription_trial_end: new Date('2026-11-01T00:00:00Z') }, now),
    ).toBeNull();
    expect(freeTrialText({ subscription_status: 'active', subscription_trial_end: null }, now)).toBeNull();
    expect(isInFreeTrial({ subscription_status: 'cancelled', subscription_trial_end: end }, now)).toBe(false);
  });
});

describe('startTrialText', () => {
  it('says the trial length from the offer', () => {
    expect(startTrialText(14)).toBe('Start your 14-day free trial');
    expect(startTrialText(7)).toBe('Start your 7-day free trial');
    expect(startTrialText(null)).toBe('Start your free trial');
  });
});
