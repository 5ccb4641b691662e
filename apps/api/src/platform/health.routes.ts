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
 * A balancer checks from one address several times a second per instance: counted against the
 * per-address budget, its checks were refused and every instance marked down; shed under load,
 * a busy instance would be declared dead (ADR 0059). Health checks are neither.
 */
const ALWAYS_ANSWERED = { rateLimit: false, shedUnderPressure: false } as const;

/**
 * GET /api/health: up only when the database answers and the process is not shutting down, for
 * monitors and deploy scripts. Redis and the media store are told as detail (ADR 0059): a Redis
 * outage leaves the site up on its fallbacks, so it must not take every instance out.
 * GET /api/health/live: the balancer's check, the same without the database, so it answers at
 * once while queries queue behind user traffic (ADR 0059).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ media: 'folder' | 's3' }> = async (app, { media }) => {
  const refuseWhileDraining = (reply: { header(name: string, value: string): unknown }) => {
    if (!draining.has(app.server)) return;
    // Connection: close, so a balancer's pooled health connection does not outlive us.
    reply.header('Connection', 'close');
    throw new AppError('UNAVAILABLE', 503, 'The service is shutting down, please try again in a moment.');
  };
  route(app, 'platform.health', { access: 'public', config: ALWAYS_ANSWERED }, async (_request, reply) => {
    refuseWhileDraining(reply);
    await app.dbHandle.ping();
    return { data: { status: 'ok' as const, database: app.dbHandle.kind, redis: redisState(app), media } };
  });
  route(app, 'platform.live', { access: 'public', config: ALWAYS_ANSWERED }, async (_request, reply) => {
    refuseWhileDraining(reply);
    return { data: { status: 'ok' as const } };
  });
};
