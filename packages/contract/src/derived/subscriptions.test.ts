import { describe, expect, it } from 'vitest';
import { formatLong } from './dates.ts';
import {
  freeTrialText,
  isInFreeTrial,
  membershipState,
  membershipStateDate,
  membershipStateText,
  subscriptionState,
} from './subscriptions.ts';
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

describe('membershipState', () => {
  const base = {
    subscription_status: 'active' as const,
    subscription_trial_end: null,
    subscription_current_period_end: end,
    subscription_created: new Date('2026-11-01T00:00:00Z'),
  };
  const text = (subscriptions: Parameters<typeof membershipState>[0]) => membershipStateText(membershipState(subscriptions, now));

  it('says a free trial and its end, never "Active member"', () => {
    expect(text([{ ...base, subscription_trial_end: end }])).toBe('Free trial until Dec 9th, 2026');
  });

  it('says active with its renewal, paused until a date, cancelled with access until a date, a failed payment', () => {
    expect(text([base])).toBe('Active member, renews on Dec 9th, 2026');
    expect(
      text([
        {
          ...base,
          subscription_paused_from: new Date('2026-11-20T00:00:00Z'),
          subscription_paused_until: new Date('2027-01-20T00:00:00Z'),
        },
      ]),
    ).toBe('Paused until Jan 20th, 2027');
    // A pause still to come does not stop the membership yet, but it does not renew when the pause starts.
    expect(text([{ ...base, subscription_paused_from: end, subscription_paused_until: new Date('2027-01-20T00:00:00Z') }])).toBe(
      'Active member until Dec 9th, 2026, then paused until Jan 20th, 2027',
    );
    expect(text([{ ...base, subscription_status: 'cancelled' }])).toBe('Cancelled, access until Dec 9th, 2026');
    expect(text([{ ...base, subscription_status: 'failed' }])).toBe('Payment failed: update your card to keep access');
  });

  it('is none without a subscription or once a cancelled one’s access has ended, and reads the newest that says anything', () => {
    expect(text([])).toBe('Not a member');
    expect(
      text([{ ...base, subscription_status: 'cancelled', subscription_current_period_end: new Date('2026-11-01T00:00:00Z') }]),
    ).toBe('Not a member');
    expect(
      text([
        { ...base, subscription_status: 'cancelled', subscription_created: new Date('2026-01-01T00:00:00Z') },
        { ...base, subscription_status: 'draft', subscription_created: new Date('2026-11-24T00:00:00Z') },
      ]),
    ).toBe('Cancelled, access until Dec 9th, 2026');
  });
});

describe('subscriptionState and membershipStateDate (ADR 0082)', () => {
  const sub = {
    subscription_status: 'active' as const,
    subscription_trial_end: null,
    subscription_current_period_end: end,
    subscription_created: new Date('2026-11-01T00:00:00Z'),
  };
  const dated = (facts: Parameters<typeof subscriptionState>[0]) => {
    const d = membershipStateDate(subscriptionState(facts, now));
    return d ? `${d.label} ${formatLong(d.date)}` : null;
  };

  it('says Renews only for an active membership that will renew', () => {
    expect(dated(sub)).toBe('Renews Dec 9th, 2026');
    expect(dated({ ...sub, subscription_trial_end: end })).toBe('Free trial ends Dec 9th, 2026');
    expect(
      dated({
        ...sub,
        subscription_paused_from: new Date('2026-11-20T00:00:00Z'),
        subscription_paused_until: new Date('2027-01-20T00:00:00Z'),
      }),
    ).toBe('Paused until Jan 20th, 2027');
    expect(dated({ ...sub, subscription_paused_from: end, subscription_paused_until: new Date('2027-01-20T00:00:00Z') })).toBe(
      'Pause starts Dec 9th, 2026',
    );
    expect(dated({ ...sub, subscription_status: 'cancelled' })).toBe('Access until Dec 9th, 2026');
    expect(dated({ ...sub, subscription_status: 'failed' })).toBeNull();
    expect(
      dated({ ...sub, subscription_status: 'cancelled', subscription_current_period_end: new Date('2026-11-01T00:00:00Z') }),
    ).toBeNull();
  });
});
