import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: answered even while the instance sheds load (the health checks, ADR 0059). */
    shedUnderPressure?: false;
  }
}

/** How often the event loop's delay is measured: a saturated instance starts shedding within this. */
const SAMPLE_INTERVAL_MS = 250;
const RETRY_AFTER_SECONDS = 2;
const STARTUP_GRACE_MS = 8 * SAMPLE_INTERVAL_MS;

/**
 * Load shedding (ADR 0059): while the event loop lags behind by more than
 * OVERLOAD_EVENT_LOOP_DELAY_MS on average, new requests get a fast 503 with Retry-After instead of
 * queueing behind the ones in progress until everything times out. The health checks are always
 * answered, so the balancer keeps a busy instance rather than declaring it dead.
 */
export const pressurePlugin = fp(
  async (app: FastifyInstance) => {
    const maxEventLoopDelay = app.config.OVERLOAD_EVENT_LOOP_DELAY_MS;
    if (maxEventLoopDelay <= 0) return;
    // The first samples after listen measure start-up (migrations, the demo seed, the first
    // renders), not load: an instance that has just started answers rather than sheds.
    let listenedAt = 0;
    app.addHook('onListen', (done) => {
      listenedAt = Date.now();
      done();
    });
    const startingUp = () => listenedAt > 0 && Date.now() - listenedAt < STARTUP_GRACE_MS;
    await app.register(underPressure, {
      maxEventLoopDelay,
      sampleInterval: SAMPLE_INTERVAL_MS,
      pressureHandler: (request: FastifyRequest, reply: FastifyReply) => {
        if (request.routeOptions.config.shedUnderPressure === false || startingUp()) return;
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        // A rejected promise goes to the error handler: the API's error body (product.md#calls).
        return Promise.reject(new AppError('UNAVAILABLE', 503, 'The service is busy, please try again in a moment.'));
      },
    });
  },
  { name: 'pressure', dependencies: ['deps', 'errors'] },
);
