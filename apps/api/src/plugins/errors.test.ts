import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';

/** The net behind the contract's id schema: a value the database cannot hold is the caller's fault. */
describe('errors plugin: values the database refuses', () => {
  it.each([
    ['22003', 'integer out of range'],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
  ])('answers PostgreSQL %s (%s), even wrapped by the query builder, with a 400', async (code, text) => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/direct', async () => {
      throw Object.assign(new Error(text), { code });
    });
    app.get('/wrapped', async () => {
      throw new Error('Failed query: select …', { cause: Object.assign(new Error(text), { code }) });
    });
    for (const url of ['/direct', '/wrapped']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ errors: [{ message: 'A value in that request is not valid.', code: 'BAD_REQUEST' }] });
    }
  });

  it('still answers any other database error with a 500 that hides its details', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/', async () => {
      throw Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    });
    const res = await app.inject('/');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('relation');
  });
});

/** A connection PostgreSQL dropped mid-transaction fails the ROLLBACK too, with pg's own words (ADR 0059). */
describe('errors plugin: a dropped database connection', () => {
  it.each([
    'Connection terminated unexpectedly',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])('answers "%s", even wrapped by the query builder, with a 503', async (text) => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/', async () => {
      throw new Error('Failed query: rollback', { cause: new Error(text) });
    });
    const res = await app.inject('/');
    expect(res.statusCode).toBe(503);
    expect(res.json().errors[0].code).toBe('UNAVAILABLE');
  });
});
