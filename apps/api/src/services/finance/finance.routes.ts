import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/finance: the finance calls of spec §7. */
export const financeRoutes: FastifyPluginAsyncZod = async () => {};
