import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from './envelope.ts';
import { isApiErrorBody } from './error-body.ts';

describe('isApiErrorBody', () => {
  const cases: unknown[] = [
    { errors: [{ message: 'Nope', field: 'email' }] },
    { errors: [], system: ['db down'], alert: 'Heads up' },
    { errors: [{ message: 1 }] },
    { errors: 'Nope' },
    { errors: [{ message: 'x' }], system: [3] },
    { errors: [{ message: 'x' }], alert: 5 },
    null,
    'errors',
  ];
  it.each(cases)('agrees with the zod schema on %j', (value) => {
    expect(isApiErrorBody(value)).toBe(ApiErrorBodySchema.safeParse(value).success);
  });
});
