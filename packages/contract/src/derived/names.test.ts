import { describe, expect, it } from 'vitest';
import { capitalise, displayName, firstName, fullName, profileLetter } from './names.ts';

describe('fullName', () => {
  it('joins both names with each capitalised', () => {
    expect(fullName({ first_name: 'jamie', last_name: 'harrison' })).toBe('Jamie Harrison');
  });

  it('keeps the rest of each name as written', () => {
    expect(fullName({ first_name: 'anne-marie', last_name: 'mcDonald' })).toBe('Anne-marie McDonald');
  });

  it('is null when the first name is missing', () => {
    expect(fullName({ first_name: null, last_name: 'Harrison' })).toBeNull();
  });

  it('is null when the last name is missing', () => {
    expect(fullName({ first_name: 'Jamie', last_name: null })).toBeNull();
  });

  it('treats a blank name as missing', () => {
    expect(fullName({ first_name: 'Jamie', last_name: '   ' })).toBeNull();
    expect(fullName({ first_name: '', last_name: 'Harrison' })).toBeNull();
  });

  it('trims surrounding spaces', () => {
    expect(fullName({ first_name: ' jamie ', last_name: ' harrison' })).toBe('Jamie Harrison');
  });
});

describe('profileLetter', () => {
  it('is the upper-case first letter of the first name', () => {
    expect(profileLetter({ first_name: 'jamie' })).toBe('J');
  });

  it('is empty without a first name', () => {
    expect(profileLetter({ first_name: null })).toBe('');
    expect(profileLetter({ first_name: '  ' })).toBe('');
  });

  it('ignores leading spaces', () => {
    expect(profileLetter({ first_name: '  zoe' })).toBe('Z');
  });
});

describe('capitalise', () => {
  it('upper-cases only the first character', () => {
    expect(capitalise('élodie')).toBe('Élodie');
    expect(capitalise('')).toBe('');
  });
});

describe('displayName', () => {
  it('is the capitalised full name when both names exist', () => {
    expect(displayName({ first_name: 'jamie', last_name: 'harrison', email: 'j@example.com' }, 'x')).toBe('Jamie Harrison');
  });

  it('falls back to the capitalised first name, then the address, then the fallback', () => {
    expect(displayName({ first_name: 'jamie', last_name: null, email: 'j@example.com' }, 'x')).toBe('Jamie');
    expect(displayName({ first_name: ' ', last_name: 'harrison', email: 'j@example.com' }, 'x')).toBe('j@example.com');
    expect(displayName({ first_name: null, last_name: null, email: null }, 'Someone')).toBe('Someone');
  });
});

describe('firstName', () => {
  it('capitalises and trims, or is null', () => {
    expect(firstName({ first_name: ' robin ' })).toBe('Robin');
    expect(firstName({ first_name: '' })).toBeNull();
  });
});
