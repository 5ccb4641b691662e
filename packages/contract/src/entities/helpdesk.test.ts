import { describe, expect, it } from 'vitest';
import { HELPDESK_DEFAULT_PERMISSIONS, HelpdeskFormSchema } from './helpdesk.ts';

const minimal = { first_name: 'Sam', email: 'sam@example.com', message: 'My video will not play.' };

describe('HelpdeskFormSchema', () => {
  it('grants permission 3 by default when no permissions are sent', () => {
    expect(HelpdeskFormSchema.parse(minimal).permissions).toEqual({ '3': true });
    expect(HELPDESK_DEFAULT_PERMISSIONS).toEqual({ '3': true });
  });

  it('keeps permission 3 when other permissions are sent without it', () => {
    expect(HelpdeskFormSchema.parse({ ...minimal, permissions: { '5': 'false' } }).permissions).toEqual({
      '3': true,
      '5': false,
    });
  });

  it('lets the sender turn permission 3 off', () => {
    expect(HelpdeskFormSchema.parse({ ...minimal, permissions: { '3': 'false' } }).permissions).toEqual({ '3': false });
  });

  it('reads the list that form-encoded permissions[3]=true parses to, keeping the index as the id', () => {
    // qs with allowSparse: `permissions[3]=false&permissions[5]=true` → [ <3 empty>, 'false', <1 empty>, 'true' ]
    const sparse: unknown[] = [];
    sparse[3] = 'false';
    sparse[5] = 'true';
    expect(HelpdeskFormSchema.parse({ ...minimal, permissions: sparse }).permissions).toEqual({ '3': false, '5': true });
    expect(HelpdeskFormSchema.parse({ ...minimal, permissions: [null, null, null, true] }).permissions).toEqual({ '3': true });
  });

  it('rejects a permission value that is not a boolean', () => {
    const result = HelpdeskFormSchema.safeParse({ ...minimal, permissions: { '3': 'maybe' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(0, 2)).toEqual(['permissions', '3']);
  });

  it('reads form-encoded booleans', () => {
    const parsed = HelpdeskFormSchema.parse({ ...minimal, notifications_mailers: 'on' });
    expect(parsed.notifications_mailers).toBe(true);
    expect(HelpdeskFormSchema.parse({ ...minimal, notifications_mailers: '0' }).notifications_mailers).toBe(false);
    expect(HelpdeskFormSchema.parse(minimal).notifications_mailers).toBe(false);
  });

  it('accepts every field (product.md#entities)', () => {
    const full = {
      ...minimal,
      last_name: 'Jones',
      telephone: '07700 900000',
      recaptcha_response: 'token',
      notifications_mailers: true,
      consent_method: 'helpdesk form',
      consent_title: 'Mailers',
      consent_text: 'Send me lessons',
      consent_info: 'v1',
      permissions: { '3': true },
    };
    expect(HelpdeskFormSchema.parse(full)).toEqual(full);
  });

  it('rejects an invalid e-mail address on the email field', () => {
    const result = HelpdeskFormSchema.safeParse({ ...minimal, email: 'not-an-email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['email']);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });

  it('rejects a blank message', () => {
    const result = HelpdeskFormSchema.safeParse({ ...minimal, message: '   ' });
    expect(result.error?.issues[0]?.path).toEqual(['message']);
  });

  it('rejects a permission keyed by something other than an id', () => {
    expect(HelpdeskFormSchema.safeParse({ ...minimal, permissions: { mailers: true } }).success).toBe(false);
  });
});
