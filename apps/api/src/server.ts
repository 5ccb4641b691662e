import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateFlagDefinitions } from '@fretline/contract';
import { createDb, migrate, seedIfEmpty } from '@fretline/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { requestLogSerializers } from './plugins/auth.ts';
import { mountWeb } from './web/react-router.ts';

// Both src/server.ts (tsx) and dist/server.js (built) sit two levels below the repository root.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

async function main(): Promise<void> {
  validateFlagDefinitions(); // spec §5: flag percentages that do not total 100 stop the start
  const config = loadConfig();
  const db = await createDb({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'pglite'),
    onError: (err) => process.stderr.write(`database pool error: ${err.message}\n`),
  });
  await migrate(db, path.join(repoRoot, 'packages/db/migrations'));
  const seeded = await seedIfEmpty(db.db);

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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, finish in-flight requests and the jobs in hand (the worker stops in onClose,
    // ADR 0003), then release the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
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
