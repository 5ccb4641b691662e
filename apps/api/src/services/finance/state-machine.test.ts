import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '@fretline/contract';
import { canTransition, nextStatus, statusFromProvider } from './state-machine.ts';

describe('subscription state machine', () => {
  it('never leaves cancelled, whatever is reported later', () => {
    for (const to of SUBSCRIPTION_STATUSES) if (to !== 'cancelled') expect(canTransition('cancelled', to)).toBe(false);
  });

  it('lets every other status be cancelled', () => {
    for (const from of SUBSCRIPTION_STATUSES) expect(canTransition(from, 'cancelled')).toBe(true);
  });

  it('never goes back to draft or created once the provider has moved on', () => {
    for (const from of ['initialised', 'active', 'incomplete', 'failed'] as const) {
      expect(canTransition(from, 'draft')).toBe(false);
      expect(canTransition(from, 'created')).toBe(false);
    }
  });

  it('treats a failed first payment as incomplete and a failed renewal as failed', () => {
    expect(statusFromProvider('initialised', 'past_due')).toBe('incomplete');
    expect(statusFromProvider('active', 'past_due')).toBe('failed');
    expect(nextStatus('active', 'incomplete')).toBeNull();
  });

  it('maps a trial and a paid subscription to active, and a restored payment back to active', () => {
    expect(statusFromProvider('created', 'trialing')).toBe('active');
    expect(nextStatus('failed', statusFromProvider('failed', 'active'))).toBe('active');
  });

  it('reports no change for the same status', () => {
    expect(nextStatus('active', 'active')).toBeNull();
  });
});
