import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, sessionStatusText, subscriptionStatusLabel } from './status.ts';

describe('subscriptionStatusLabel', () => {
  it.each([
    ['draft', 'Draft Subscription'],
    ['created', 'Awaiting First Payment'],
    ['initialised', 'First Payment Processing'],
    ['active', 'Active'],
    ['incomplete', 'First Payment Failed'],
    ['failed', 'Payment Failed'],
    ['cancelled', 'Cancelled'],
  ])("labels '%s' as '%s'", (status, label) => {
    expect(subscriptionStatusLabel(status)).toBe(label);
  });

  it("labels anything else 'Unknown'", () => {
    for (const other of ['paused', 'Active', '', null, undefined, 3, 'toString']) {
      expect(subscriptionStatusLabel(other)).toBe('Unknown');
    }
  });

  it('has a label for every status', () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(subscriptionStatusLabel(status)).not.toBe('Unknown');
  });
});

describe('sessionStatusText', () => {
  it("is 'Open' while session_deleted is empty", () => {
    expect(sessionStatusText({ session_deleted: null })).toBe('Open');
  });

  it("is 'Closed' once session_deleted is set", () => {
    expect(sessionStatusText({ session_deleted: new Date() })).toBe('Closed');
    expect(sessionStatusText({ session_deleted: true })).toBe('Closed');
  });
});
