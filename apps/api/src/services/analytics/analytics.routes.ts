import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/analytics: the analytics calls of spec §7. */
export const analyticsRoutes: FastifyPluginAsyncZod = async () => {};
