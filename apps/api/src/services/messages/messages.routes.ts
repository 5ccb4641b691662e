import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/messages: the messages calls of spec §7. */
export const messagesRoutes: FastifyPluginAsyncZod = async () => {};
