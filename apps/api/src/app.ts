import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { createSerializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringifyWire, wireDateReplacer } from '@fretline/contract';
import { depsPlugin, type AppDeps } from './plugins/deps.ts';
import { docsPlugin, docsRoutes } from './plugins/docs.ts';
import { errorsPlugin, frameworkErrors, notFound } from './plugins/errors.ts';
import { rateLimitPlugin, redisPlugin, type RateLimitSettings } from './plugins/rate-limit.ts';
import { BODY_LIMIT_BYTES, parseQueryString, requestBodyPlugin } from './plugins/request-body.ts';
import { correlationIdFrom } from './plugins/correlation.ts';
import { proxyTrust } from './plugins/loopback.ts';
import { pressurePlugin } from './plugins/pressure.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { analyticsReportRoutes, analyticsRoutes, eraseAnalyticsPersonalData } from './services/analytics/index.ts';
import { authRoutes, countSignupsPerDay, findUserTimeZone, sessionPlugin, testSessionRoutes } from './services/auth/index.ts';
import {
  createPaymentProvider,
  eraseFinancePersonalData,
  financeRoutes,
  type MailerFiguresSource,
  type PaymentProvider,
} from './services/finance/index.ts';
import { countHelpdeskPerDay, eraseMessagesPersonalData, messagesRoutes } from './services/messages/index.ts';
import { eraseVideosPersonalData, titlesByPath, videosRoutes } from './services/videos/index.ts';
import { staffRoutes } from './services/staff/index.ts';
import { eraseMailersPersonalData, mailerFigures, mailersRoutes } from './services/mailers/index.ts';
import { eraseAuditPersonalData } from './platform/audit/index.ts';
import type { PersonalDataEraser } from './platform/erasure.ts';
import { eraseErrorReportsOf, errorReportRoutes } from './platform/error-reports.routes.ts';
import { healthRoutes } from './platform/health.routes.ts';
import { contentVersionPlugin } from './platform/content-version.ts';
import { jobsPlugin } from './platform/jobs/index.ts';
import { backupsPlugin } from './platform/backups/index.ts';
import { metricsPlugin } from './platform/metrics/index.ts';
import { devMailApiRoutes, devMailPage, mailPlugin } from './platform/mail/index.ts';
import { createMediaStore, createS3MediaStore, type MediaStore } from './platform/media/index.ts';
import { redirectsPlugin } from './web/redirects.ts';

export interface BuildAppOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
  /** Serves every non-API path (the React Router app); absent in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
  /** The global per-IP budget of /api (ADR 0004); tests pass a small one. */
  rateLimit?: RateLimitSettings;
  /** The payment provider; built from PAYMENTS when absent (tests may pass a fake one). */
  paymentProvider?: PaymentProvider;
  /** The media store (signed URLs over MEDIA_DIR or MEDIA_BUCKET); built from the config when absent. */
  mediaStore?: MediaStore;
  /**
   * The dashboard's mailer delivery counts (docs/decisions/0067-keeping-members-and-the-numbers.md);
   * the mailers service's own by default, replaceable in tests.
   */
  mailerFigures?: MailerFiguresSource;
}

/**
 * Account deletion asks every service to erase what it holds about the person (ADR 0046); auth
 * runs these in its deletion transaction without importing the other services. A service with
 * personal data adds its eraser here (the classification test in src/services/auth/account-erasure.test.ts
 * fails until every column is accounted for).
 */
const PERSONAL_DATA_ERASERS: readonly PersonalDataEraser[] = [
  eraseFinancePersonalData,
  eraseMessagesPersonalData,
  eraseVideosPersonalData,
  eraseAnalyticsPersonalData,
  eraseAuditPersonalData,
  eraseErrorReportsOf,
  eraseMailersPersonalData,
];

/** MEDIA_BUCKET picks the shared S3 store, else the local folder stays (ADR 0059). */
function mediaStoreFor(config: BuildAppOptions['config']): MediaStore {
  if (!config.MEDIA_BUCKET) return createMediaStore({ secret: config.SECRET_KEY, mediaDir: config.MEDIA_DIR });
  return createS3MediaStore({
    secret: config.SECRET_KEY,
    s3: { bucket: config.MEDIA_BUCKET, endpoint: config.AWS_ENDPOINT_URL_S3, region: config.AWS_REGION },
    scratchRoot: config.MEDIA_DIR,
  });
}

/**
 * Text formats only: not `application/octet-stream` (@fastify/compress's default includes it),
 * which is what the media store answers for files it cannot name, nor HLS segments or images.
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?(?:json|javascript|xml)(?:;|$)|^image\/svg\+xml|^application\/manifest\+json|^application\/vnd\.apple\.mpegurl/;

/** The composition root: builds the whole app without listening (CONVENTIONS.md). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-* is believed only from loopback (a reverse proxy on this host, or the SSR
    // loaders calling the API with the visitor's address) and the proxies TRUST_PROXY names
    // (ADR 0004). Anyone else could forge it.
    trustProxy: proxyTrust(options.config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: false, querystringParser: parseQueryString },
    // A URL the router cannot decode: a 400 in the API's or the pages' own shape, not Fastify's.
    frameworkErrors,
    genReqId: correlationIdFrom,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ replacer: wireDateReplacer }));
  app.setReplySerializer(stringifyWire);

  await app.register(depsPlugin, options);
  // The adapters, built once here and handed to the services that use them (ADR 0051).
  const paymentProvider = options.paymentProvider ?? createPaymentProvider(app);
  const mediaStore = options.mediaStore ?? mediaStoreFor(options.config);
  await app.register(errorsPlugin);
  // Before every route, so its onResponse hook counts every answer, shed ones included (ADR 0083).
  await app.register(metricsPlugin);
  // First of the request hooks, so an overloaded instance refuses before doing any work.
  await app.register(pressurePlugin);
  // Before every route (it hooks each one as it is added): HTML, JSON, JS, CSS and SVG answers go
  // out brotli- or gzip-compressed when the client accepts it; media and images never (ADR 0056).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    customTypes: COMPRESSIBLE_TYPES,
  });
  await app.register(cookie);
  await app.register(contentVersionPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(redisPlugin);
  await app.register(jobsPlugin);
  await app.register(mailPlugin);
  await app.register(backupsPlugin);
  const apiDocs = options.config.API_DOCS ?? !options.config.isProduction;
  // Before any route, so the OpenAPI document sees them all.
  if (apiDocs) await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(requestBodyPlugin);
      // Sets request.auth for the guards of plugins/auth.ts (ADR 0050).
      await api.register(sessionPlugin);
      // Before the routes: its onRoute hook gives each one the global or its own limit.
      await api.register(rateLimitPlugin, options.rateLimit ?? {});
      // Callback-style hooks on every request: an async one costs a promise per call.
      api.addHook('onSend', (request, reply, payload, done) => {
        reply.header('X-Correlation-Id', request.id);
        if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
        done(null, payload);
      });
      await api.register(healthRoutes, { media: mediaStore.kind });
      await api.register(errorReportRoutes);
      if (apiDocs) await api.register(docsRoutes);
      // The development mailbox exists outside production only (ARCHITECTURE.md "Mail").
      if (!options.config.isProduction) await api.register(devMailApiRoutes);
      await api.register(authRoutes, { prefix: '/auth', personalDataErasers: PERSONAL_DATA_ERASERS });
      // Browser tests only; loadConfig refuses it in production (ADR 0075).
      if (options.config.TEST_SESSIONS && !options.config.isProduction)
        await api.register(testSessionRoutes, { prefix: '/test' });
      await api.register(messagesRoutes, { prefix: '/messages' });
      await api.register(videosRoutes, { prefix: '/videos', store: mediaStore });
      await api.register(financeRoutes, {
        prefix: '/finance',
        provider: paymentProvider,
        mailerFigures: options.mailerFigures ?? mailerFigures,
        timeZoneOf: findUserTimeZone,
      });
      await api.register(analyticsRoutes, { prefix: '/analytics' });
      await api.register(staffRoutes, { prefix: '/staff' });
      await api.register(mailersRoutes, { prefix: '/mailers', store: mediaStore });
      // Analytics sits below the services it reports on, so it is handed their counts (ADR 0050).
      await api.register(analyticsReportRoutes, {
        prefix: '/staff/analytics',
        sources: { countSignupsPerDay, countHelpdeskPerDay, titlesByPath },
      });
      // An unknown API path is a JSON 404, not the site's 404 page (which would also cost a render).
      api.all('/*', { schema: { hide: true } }, async () => {
        throw notFound();
      });
    },
    { prefix: '/api' },
  );

  // Pages: legacy redirects and trailing slashes first (product.md#pages), then the mailbox, then React Router.
  await app.register(redirectsPlugin);
  app.addHook('onRequest', (request, _reply, done) => {
    // SSR loaders forward X-Forwarded-For to the API over loopback; make it the address we
    // resolved (never a value a remote client invented), so per-IP limits see the visitor.
    if (!request.url.startsWith('/api/')) request.raw.headers['x-forwarded-for'] = request.ip;
    done();
  });
  if (!options.config.isProduction) await app.register(devMailPage);

  if (options.web) await options.web(app);
  return app;
}
