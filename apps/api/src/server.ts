import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateFlagDefinitions } from '@fretline/contract';
import { createDb, migrate, seedIfEmpty } from '@fretline/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startDraining } from './platform/health.routes.ts';
import { requestLogSerializers } from './plugins/auth.ts';
import { mountWeb } from './web/react-router.ts';

// Both src/server.ts (tsx) and dist/server.js (built) sit two levels below the repository root.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

async function main(): Promise<void> {
  validateFlagDefinitions(); // Flag percentages that do not total 100 stop the start (product.md#validation)
  const config = loadConfig();
  const db = await createDb({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'pglite'),
    onError: (err) =>
      process.stderr.write(`database connections dropped (requests in flight fail, new ones reconnect): ${err.message}\n`),
  });
  await migrate(db, path.join(repoRoot, 'packages/db/migrations'));
  const seeded = config.DEMO_SEED && (await seedIfEmpty(db.db));

  const app = await buildApp({
    config,
    db,
    logger: {
      level: config.LOG_LEVEL,
      // Credentials never reach the logs, wherever a header object is logged.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      serializers: requestLogSerializers,
    },
    web: mountWeb({
      buildDir: path.resolve(process.env.WEB_BUILD_DIR ?? path.join(repoRoot, 'apps/web/build')),
      mode: config.isProduction ? 'production' : 'development',
    }),
  });
  if (seeded) app.log.info('empty database: demo content seeded');

  for (const warning of config.warnings) app.log.warn(warning);

  // Shutdown in the order a load balancer needs (ADR 0042, README "Production build and start").
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = config.SHUTDOWN_DRAIN_MS;
    app.log.info({ signal, drainMs }, 'shutting down: failing the health check while the balancer drains');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    // 1. /api/health answers 503 while every other route keeps serving; from now on each
    // response ends its keep-alive connection (Node's own per-socket limit), so no idle connection
    // is left for a client to race a closing socket with.
    startDraining(app.server);
    app.server.maxRequestsPerSocket = 1;
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => {
        // 2. Stop accepting and close idle connections; in-flight requests finish. A connection
        // whose request was in flight becomes idle afterwards: keep reaping until none is left.
        const reap = setInterval(() => app.server.closeIdleConnections(), 100);
        reap.unref();
        // 3. The server closes, then the plugins' onClose hooks (the job worker, ADR 0003).
        return app.close().finally(() => clearInterval(reap));
      })
      // 4. The database last: nothing can query it any more.
      .then(() => db.close())
      .then(() => {
        app.log.info('shut down');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Fretline is running at ${config.SITE_URL}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
