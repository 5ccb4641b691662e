import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { createSerializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { wireDateReplacer } from '@fretline/contract';
import { authPlugin } from './plugins/auth.ts';
import { depsPlugin, type AppDeps } from './plugins/deps.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { BODY_LIMIT_BYTES, parseQueryString, requestBodyPlugin } from './plugins/request-body.ts';
import { correlationIdFrom } from './plugins/correlation.ts';
import { analyticsRoutes } from './services/analytics/index.ts';
import { authRoutes } from './services/auth/index.ts';
import { financeRoutes } from './services/finance/index.ts';
import { messagesRoutes } from './services/messages/index.ts';
import { videosRoutes } from './services/videos/index.ts';
import { healthRoutes } from './platform/health.routes.ts';
import { jobsPlugin } from './platform/jobs/index.ts';
import { devMailApiRoutes, devMailPage, mailPlugin } from './platform/mail/index.ts';

export interface BuildAppOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
  /** Serves every non-API path (the React Router app); absent in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
}

/** The composition root: builds the whole app without listening (CONVENTIONS.md). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.config.isProduction,
    routerOptions: { ignoreTrailingSlash: false, querystringParser: parseQueryString },
    genReqId: correlationIdFrom,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ replacer: wireDateReplacer }));
  app.setReplySerializer((payload) => JSON.stringify(payload, wireDateReplacer));

  await app.register(depsPlugin, options);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(jobsPlugin);
  await app.register(mailPlugin);

  await app.register(
    async (api) => {
      await api.register(requestBodyPlugin);
      await api.register(authPlugin);
      api.addHook('onSend', async (request, reply) => {
        reply.header('X-Correlation-Id', request.id);
        reply.header('Cache-Control', reply.getHeader('Cache-Control') ?? 'no-store');
      });
      await api.register(healthRoutes);
      // The development mailbox exists outside production only (ARCHITECTURE.md "Mail").
      if (!options.config.isProduction) await api.register(devMailApiRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(messagesRoutes, { prefix: '/messages' });
      await api.register(videosRoutes, { prefix: '/videos' });
      await api.register(financeRoutes, { prefix: '/finance' });
      await api.register(analyticsRoutes, { prefix: '/analytics' });
    },
    { prefix: '/api' },
  );

  if (!options.config.isProduction) await app.register(devMailPage);

  if (options.web) await options.web(app);
  return app;
}
