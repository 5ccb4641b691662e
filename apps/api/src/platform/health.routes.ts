import type { Server } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../plugins/calls.ts';
import { AppError } from '../plugins/errors.ts';
import { redisState } from '../plugins/rate-limit.ts';

/** Servers that received SIGTERM: their health check fails so the balancer drains them (ADR 0042). */
const draining = new WeakSet<Server>();

/** Fails the readiness check from now on; every other route keeps serving. */
export function startDraining(server: Server): void {
  draining.add(server);
}

/**
 * GET /api/health: up only when the database answers and the process is not shutting down, so a
 * load balancer can route around us. Redis and the media store are told as detail (ADR 0059): a
 * Redis outage leaves the site up on its fallbacks, so it must not take every instance out.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ media: 'folder' | 's3' }> = async (app, { media }) => {
  route(app, 'platform.health', { access: 'public' }, async (_request, reply) => {
    if (draining.has(app.server)) {
      // Connection: close, so a balancer's pooled health connection does not outlive us.
      reply.header('Connection', 'close');
      throw new AppError('UNAVAILABLE', 503, 'The service is shutting down, please try again in a moment.');
    }
    await app.dbHandle.ping();
    return { data: { status: 'ok' as const, database: app.dbHandle.kind, redis: redisState(app), media } };
  });
};
