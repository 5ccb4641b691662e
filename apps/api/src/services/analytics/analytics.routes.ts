import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/calls.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { recordAction } from './analytics.service.ts';

/** /api/analytics: the analytics calls (product.md#calls). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Page loads send one action per navigation; this leaves room for that and stops floods.
  route(
    app,
    'analytics.recordAction',
    { access: 'public', ...routeRateLimit({ max: 120, timeWindow: 60_000 }) },
    async (request, reply) => {
      // Actions are recorded only when enabled (product.md#calls); the call still succeeds.
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
