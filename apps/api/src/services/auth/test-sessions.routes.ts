import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailSchema, SignupBodySchema } from '@fretline/contract';
import { notFound } from '../../plugins/errors.ts';
import { openTestSession } from './auth.service.ts';
import { setTokenCookie } from './sessions.ts';

/**
 * POST /api/test/sessions (email, and first_name and last_name to make the account when there is
 * none) → token: the browser tests' session fixture (ADR 0075), so a test that is not about
 * signing in needs no e-mailed code. Not a declared call (ADR 0052): buildApp
 * registers it only when TEST_SESSIONS is on, which production refuses (config.ts), and only the
 * helpers of e2e/support call it.
 */
export const testSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sessions',
    {
      schema: {
        hide: true,
        body: z.object({
          email: EmailSchema,
          first_name: SignupBodySchema.shape.first_name.optional(),
          last_name: SignupBodySchema.shape.last_name.optional(),
        }),
        response: { 200: z.object({ data: z.object({ token: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const token = await openTestSession(
        { db: app.db, config: app.config, now: app.clock() },
        {
          email: request.body.email,
          firstName: request.body.first_name,
          lastName: request.body.last_name,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
      );
      if (!token) throw notFound();
      setTokenCookie(reply, app.config.SITE_URL, token);
      return { data: { token } };
    },
  );
};
