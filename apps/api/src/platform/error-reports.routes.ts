import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, tables, type Database } from '@fretline/db';
import type { PersonalDataEraser } from './erasure.ts';
import { route } from '../plugins/calls.ts';
import { routeRateLimit } from '../plugins/rate-limit.ts';

/** Longest stored message; a longer report is cut, not refused (it is still worth reading). */
export const ERROR_MESSAGE_MAX = 2_000;
const URL_MAX = 2_000;
const USER_AGENT_MAX = 500;

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * GET /api/error?message=&url=: product.md#calls, "error reports" — the browser reports client schema
 * errors and unhandled UI errors. Stored with the page URL, user agent, user and correlation id;
 * limited per IP so a broken page in a loop cannot flood the table.
 */
export const errorReportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'platform.reportError',
    { access: 'public', ...routeRateLimit({ max: 30, timeWindow: 60_000 }) },
    async (request) => {
      await app.db.insert(tables.clientErrors).values({
        message: request.query.message.slice(0, ERROR_MESSAGE_MAX),
        url: clip(request.query.url ?? request.headers.referer, URL_MAX),
        userAgent: clip(request.headers['user-agent'], USER_AGENT_MAX),
        idUser: request.auth?.user.idUser ?? null,
        correlationId: request.id,
        ip: request.ip,
        created: app.clock(),
      });
      request.log.warn({ clientError: request.query.message.slice(0, 200) }, 'client error reported');
      return { data: { success: true as const } };
    },
  );
};

/** Account deletion (ADR 0046): the person's error reports (their IP, browser and pages) go. */
export const eraseErrorReportsOf: PersonalDataEraser = async (db: Database, account) => {
  await db.delete(tables.clientErrors).where(eq(tables.clientErrors.idUser, account.idUser));
};
