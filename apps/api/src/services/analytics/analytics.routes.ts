import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RecordActionBodySchema, recordAction } from './analytics.service.ts';

/** /api/analytics: the analytics calls of spec §7. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/actions',
    {
      // Page loads send one action per navigation; this leaves room for that and stops floods.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ['analytics'],
        summary: 'Record an action (page load, not found, conversion…); 204 and nothing stored when analytics are off',
        body: RecordActionBodySchema,
        response: {
          201: z.object({ data: z.object({ success: z.literal(true) }) }),
          204: z.undefined(),
        },
      },
    },
    async (request, reply) => {
      // Spec §7: actions are recorded only when enabled; the call still succeeds.
      if (!app.config.ANALYTICS_ENABLED) return reply.code(204).send();
      await recordAction(app.db, {
        actionTypeName: request.body.action_type_name,
        actionValues: request.body.action_values,
        idUser: request.auth?.user.idUser ?? null,
        correlationId: request.id,
        created: app.clock(),
      });
      return reply.code(201).send({ data: { success: true as const } });
    },
  );
};
