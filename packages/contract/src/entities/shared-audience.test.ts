import { describe, expect, it } from 'vitest';
import {
  audienceOfUser,
  formatSharedAudience,
  isSharedAudienceUser,
  parseSharedAudience,
  sharedAudienceUser,
  type SharedAudience,
} from './shared-audience.ts';
import { VISITOR_USER } from './visitor.ts';

describe('a class of signed-in learners (ADR 0056)', () => {
  it('writes every flag in one order and reads back exactly what it wrote', () => {
    for (const member of [false, true])
      for (const leftHanded of [false, true])
        for (const trialEligible of [false, true]) {
          const audience: SharedAudience = { member, leftHanded, trialEligible };
          expect(parseSharedAudience(formatSharedAudience(audience))).toEqual(audience);
        }
    expect(formatSharedAudience({ member: true, leftHanded: false, trialEligible: true })).toBe(
      'member=1;leftHanded=0;trialEligible=1',
    );
  });

  it('reads nothing else as a class', () => {
    for (const value of [
      null,
      undefined,
      '',
      'member=1',
      'leftHanded=0;member=1;trialEligible=0',
      'member=1;leftHanded=0;trialEligible=0;',
      'member=true;leftHanded=0;trialEligible=0',
      'member=1; leftHanded=0; trialEligible=0',
    ])
      expect(parseSharedAudience(value)).toBeNull();
  });

  it('takes the class from a user, and stands in for it with no one’s name, e-mail or id', () => {
    const person = {
      ...VISITOR_USER,
      id_user: 42,
      first_name: 'Ada',
      email: 'ada@example.com',
      has_aaa_membership: true,
      left_handed: true,
      eligible_for_aaa_free_trial: false,
    };
    const audience = audienceOfUser(person);
    expect(audience).toEqual({ member: true, leftHanded: true, trialEligible: false });
    const standIn = sharedAudienceUser(audience);
    expect(standIn).toMatchObject({
      first_name: null,
      last_name: null,
      email: null,
      telephone: null,
      roles: [],
      has_aaa_membership: true,
      left_handed: true,
      eligible_for_aaa_free_trial: false,
    });
    expect(isSharedAudienceUser(standIn)).toBe(true);
    expect(isSharedAudienceUser(person)).toBe(false);
    expect(isSharedAudienceUser(VISITOR_USER)).toBe(false);
  });
});
