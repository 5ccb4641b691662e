import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /api/health: up only when the database answers, so a load balancer can route around us. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        response: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) }) },
      },
    },
    async () => {
      await app.dbHandle.ping();
      return { data: { status: 'ok' as const, database: app.dbHandle.kind } };
    },
  );
};
