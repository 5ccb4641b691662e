import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/videos: the videos calls of spec §7. */
export const videosRoutes: FastifyPluginAsyncZod = async () => {};
