import { describe, expect, it } from 'vitest';
import { LOGIN_ERRORS } from '@fretline/contract';
import { ApiError } from '../../lib/api-client';
import { linkLoginErrorText } from './login-error';

const refusal = (code: string, message: string) => new ApiError(message, 400, { errors: [{ code, message }] });

describe('the sign-in link’s error text (product.md#errors)', () => {
  it('says to check the address when the e-mailed code matches nothing sent to the link’s address', () => {
    expect(linkLoginErrorText(refusal('PASSCODE_WRONG', LOGIN_ERRORS.wrongCode))).toBe(LOGIN_ERRORS.failed);
  });

  it('keeps the API’s own text for a used or old code', () => {
    expect(linkLoginErrorText(refusal('PASSCODE_USED', LOGIN_ERRORS.alreadyUsed))).toBe(LOGIN_ERRORS.alreadyUsed);
    expect(linkLoginErrorText(refusal('PASSCODE_EXPIRED', LOGIN_ERRORS.tooOld))).toBe(LOGIN_ERRORS.tooOld);
  });
});
