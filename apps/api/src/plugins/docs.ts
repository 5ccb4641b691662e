import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI document, generated from the routes' zod schemas (CONVENTIONS.md "Contract first").
 * Registered before the services so its onRoute hook sees every route; only /api routes are
 * described (pages and redirects are not part of the API).
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fretline API',
          version: '1.0.0',
          description:
            'Spec §7 calls. Success: `{ data: { <name>: … } }`; failure: `{ errors: [{ message, field, code }] }`. ' +
            'Requests may be form-encoded with nested bracket keys or JSON; dates are UTC `YYYY-MM-DD HH:mm:ss`.',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
          },
        },
      },
      transform: (input: TransformInput) => {
        if (!input.url.startsWith('/api/') || input.url.startsWith('/api/docs')) {
          return { schema: { hide: true }, url: input.url };
        }
        return jsonSchemaTransform(input);
      },
    });
  },
  { name: 'docs' },
);

/** GET /api/docs and /api/docs/openapi.json: the document as JSON. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const handler = async () => app.swagger();
  app.get('/docs', { schema: { hide: true } }, handler);
  app.get('/docs/openapi.json', { schema: { hide: true } }, handler);
}
