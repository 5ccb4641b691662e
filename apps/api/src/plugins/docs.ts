import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform, type jsonSchemaTransform, type jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, CALL_SCHEMAS, TOKEN_COOKIE_NAME, type CallSchemas } from '@fretline/contract';
import { operationIdOf } from './calls.ts';
import { describeWireTypes } from './docs-schemas.ts';
import {
  errorResponsesFor,
  ERROR_RESPONSES,
  SECURITY_SCHEMES,
  TAG_DESCRIPTIONS,
  type OpenApiOperation,
} from './docs-operations.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type OpenApiDocument = Extract<Parameters<typeof jsonSchemaTransformObject>[0], { openapiObject: unknown }>['openapiObject'];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The route schemas as JSON Schema, with the wire's own types (./docs-schemas.ts). */
const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: describeWireTypes } });

/**
 * The OpenAPI document, generated from the routes' zod schemas (CONVENTIONS.md "Contract first")
 * and made whole for integrators (ADR 0090): every operation has its call's name as operationId,
 * the sessions it needs as `security`, its error answers, a summary and a described tag. Registered
 * before the services so its onRoute hook sees every route; only /api routes are described (pages
 * and redirects are not part of the API). Redocly's recommended rules pass on it with nothing to
 * report (docs.test.ts).
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    const siteUrl = app.config.SITE_URL.replace(/\/+$/, '');
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fretline API',
          version: '1.0.0',
          summary: 'The calls behind the Fretline membership site: catalogue, membership, messages and staff tools.',
          description: [
            'Every call the site makes, as declared in its shared contract.',
            '',
            '- Success: `{ "data": { "<name>": … } }`; failure: `{ "errors": [{ "message", "field", "code" }] }`.',
            '- Requests may be JSON or form-encoded with nested bracket keys.',
            '- Dates travel both ways as UTC `YYYY-MM-DD HH:mm:ss` (no `T`, no zone).',
            `- A session is the HttpOnly \`${TOKEN_COOKIE_NAME}\` cookie set by signing in, or the same token as a bearer header.`,
            '  Calls for a role group list it as the scope of their security requirement.',
            '- A cookie-carrying change (POST, PUT, PATCH, DELETE) must come from the site itself (`Origin`), else 403.',
          ].join('\n'),
          contact: { name: 'Fretline helpdesk', url: `${siteUrl}/helpdesk` },
          license: { name: 'Proprietary: see the terms of use', url: `${siteUrl}/terms` },
        },
        servers: [{ url: siteUrl, description: 'This site' }],
        components: {
          securitySchemes: SECURITY_SCHEMES,
          schemas: { ApiError: z.toJSONSchema(ApiErrorBodySchema, { target: 'draft-2020-12' }) as Record<string, unknown> },
          responses: ERROR_RESPONSES,
        },
      },
      transform: (input: TransformInput) => {
        if (!input.url.startsWith('/api/') || input.url.startsWith('/api/docs')) {
          return { schema: { hide: true }, url: input.url };
        }
        // A plugin's root route is registered as `/prefix/` too; the description names it once, without the slash.
        return zodTransform({ ...input, url: input.url.replace(/(.)\/$/, '$1') });
      },
      transformObject: (input) => completeDocument((input as { openapiObject: OpenApiDocument }).openapiObject),
    });
  },
  { name: 'docs' },
);

/** Each declared call by its operationId. */
const CALLS_BY_OPERATION_ID = new Map<string, CallSchemas>(
  Object.entries(CALL_SCHEMAS).map(([name, schemas]) => [operationIdOf(name), schemas as CallSchemas]),
);

/** Error answers and the tags' descriptions, added once every route is described. */
function completeDocument(document: OpenApiDocument): OpenApiDocument {
  const usedTags = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation | undefined>>;
  for (const [path, item] of Object.entries(paths)) {
    const operations = HTTP_METHODS.flatMap((method) => (item[method] ? [[method, item[method]] as const] : []));
    if (operations.length === 0) {
      // An address whose routes are all hidden would be an empty path item.
      delete paths[path];
      continue;
    }
    for (const [method, operation] of operations) {
      const declared = operation.operationId ? CALLS_BY_OPERATION_ID.get(operation.operationId) : undefined;
      operation.responses = { ...operation.responses, ...errorResponsesFor(method, operation, declared?.conflict) };
      for (const tag of operation.tags ?? []) usedTags.add(tag);
    }
  }
  const tags = [...usedTags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' }));
  return { ...document, tags };
}

/** GET /api/docs and /api/docs/openapi.json: the document as JSON. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const handler = async () => app.swagger();
  app.get('/docs', { schema: { hide: true } }, handler);
  app.get('/docs/openapi.json', { schema: { hide: true } }, handler);
}
