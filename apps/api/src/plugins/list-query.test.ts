import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from './errors.ts';
import { ListQuerySchema, parseListQuery } from './list-query.ts';
import { parseQueryString } from './request-body.ts';

const options = {
  filterable: { status: z.enum(['active', 'cancelled']), fk_organisation_party: z.null() },
  orderable: ['created', 'id_subscription'] as const,
  defaultOrder: '-created' as const,
  maxLimit: 50,
};

describe('parseListQuery', () => {
  it('applies the defaults when nothing is sent', () => {
    expect(parseListQuery({}, options)).toEqual({
      filter: {},
      order: { field: 'created', direction: 'desc' },
      limit: 35,
      offset: 0,
    });
  });

  it('parses a JSON filter, an ascending or descending order and paging', () => {
    expect(
      parseListQuery(
        { filter: '{"status":"active","fk_organisation_party":null}', order: 'id_subscription', limit: 10, offset: 20 },
        options,
      ),
    ).toEqual({
      filter: { status: 'active', fk_organisation_party: null },
      order: { field: 'id_subscription', direction: 'asc' },
      limit: 10,
      offset: 20,
    });
    expect(parseListQuery({ order: '-id_subscription' }, options).order).toEqual({ field: 'id_subscription', direction: 'desc' });
  });

  it('names the field and the allowed ones when a filter or order field is not whitelisted', () => {
    expect(() => parseListQuery({ filter: '{"password":"x"}' }, options)).toThrow(
      "filter: unknown field 'password'. Allowed: status, fk_organisation_party.",
    );
    expect(() => parseListQuery({ order: '-password' }, options)).toThrow(/order: unknown field 'password'/);
  });

  it('refuses bad JSON, a non-object filter, a wrong value and a limit over the maximum', () => {
    expect(() => parseListQuery({ filter: '{status:' }, options)).toThrow(/filter must be a JSON object/);
    expect(() => parseListQuery({ filter: '[1]' }, options)).toThrow(/filter must be a JSON object/);
    expect(() => parseListQuery({ filter: '{"status":"paused"}' }, options)).toThrow(/^filter: status /);
    expect(() => parseListQuery({ limit: 51 }, options)).toThrow('limit must be at most 50.');
  });
});

describe('a list endpoint using it', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const f = Fastify({ routerOptions: { querystringParser: parseQueryString } }).withTypeProvider<ZodTypeProvider>();
    f.setValidatorCompiler(validatorCompiler);
    f.setSerializerCompiler(serializerCompiler);
    await f.register(errorsPlugin);
    f.get('/things', { schema: { querystring: ListQuerySchema } }, async (request) => ({
      data: parseListQuery(request.query, options),
    }));
    await f.ready();
    app = f;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an unknown filter field with a 400 on the filter field', async () => {
    const res = await app.inject({ url: `/things?filter=${encodeURIComponent('{"secret":1}')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'filter', code: 'BAD_REQUEST' });
  });

  it('accepts a bracket-encoded filter too, and coerces paging', async () => {
    const res = await app.inject({ url: '/things?filter[status]=cancelled&order=-created&limit=5&offset=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      filter: { status: 'cancelled' },
      order: { field: 'created', direction: 'desc' },
      limit: 5,
      offset: 5,
    });
  });

  it('answers a non-numeric limit with a 400 naming limit', async () => {
    const res = await app.inject({ url: '/things?limit=lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('limit');
  });
});
