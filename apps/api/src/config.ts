import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './plugins/loopback.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

/** Every setting of ARCHITECTURE.md "Configuration", parsed once; bad values fail at start. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // The address the site listens on: loopback outside production, where /dev/mail shows every
  // sign-in code (ADR 0070); every interface in production unless told otherwise.
  HOST: z.string().min(1).optional(),
  SITE_URL: z.url().optional(),
  API_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  SMTP_URL: z.string().min(1).optional(),
  // Required in production: the development sender's domain does not exist, so its mail would be refused or lost.
  MAIL_FROM: z.string().min(3).optional(),
  // DKIM signing of outgoing mail (docs/operations/mail.md): a domain, a selector and a PEM key
  // (inline, or a file's path), all or none.
  DKIM_DOMAIN: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  // Reply by e-mail (ADR 0060): staff replies carry a signed Reply-To at this domain, and the
  // product's own SMTP listener takes the answers in on INBOUND_SMTP_PORT. Unset: no listener.
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'INBOUND_MAIL_DOMAIN must be a domain name')
    .optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  // Who sent a reply (ADR 0072): 'verify' checks DKIM/SPF alignment with the From domain here
  // (mailauth); 'upstream' believes the Authentication-Results header of the MTA whose
  // authserv-id is INBOUND_MAIL_AUTHSERV_ID (the MX in front of the listener), and nothing else.
  INBOUND_MAIL_AUTH: z.enum(['verify', 'upstream']).default('verify'),
  INBOUND_MAIL_AUTHSERV_ID: z.string().optional(),
  // How long a staff reply's Reply-To keeps working, in days (ADR 0072).
  INBOUND_REPLY_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PAYMENTS: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  CAPTCHA: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  // Production refuses CAPTCHA=off unless this says the operator means it (ADR 0042).
  CAPTCHA_OFF_IN_PRODUCTION: bool.default(false),
  // The demo accounts and content on a first start with an empty database: always in development,
  // in production only when asked (staging, acceptance runs); the first real Superadmin comes
  // from `npm run admin -- create-superadmin <email>` (README "Production build and start").
  DEMO_SEED: bool.optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  REDIS_URL: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  // The media pipeline's tools (ADR 0057): ffmpeg and ffprobe on PATH unless these name them.
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  // RTMP live ingest (ADR 0063): the port this instance takes encoders on (0 = off; 1935 by
  // default, off in tests), the host name encoders are told to push to (the site's host when
  // unset), the port they are told (the balancer's RTMP port when instances sit behind one; the
  // listening port when unset), and how long a dropped encoder has to come back to the same stream.
  LIVE_RTMP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  LIVE_INGEST_HOST: z.string().min(1).optional(),
  LIVE_INGEST_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  LIVE_RECONNECT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // What any stranger may do to the RTMP listener (ADR 0070): the address it binds (HOST's by
  // default), how long a connection has to become an accepted publisher, how long it may stay
  // silent, and how many connections one address may hold.
  LIVE_RTMP_HOST: z.string().min(1).optional(),
  LIVE_RTMP_HANDSHAKE_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  LIVE_RTMP_IDLE_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  LIVE_RTMP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(4),
  // Uploads go to this S3 bucket instead of MEDIA_DIR, so every instance serves them (ADR 0059).
  // The SDK's own variables configure it: AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY.
  MEDIA_BUCKET: z.string().min(3).optional(),
  AWS_ENDPOINT_URL_S3: z.url().optional(),
  AWS_REGION: z.string().min(1).optional(),
  SHOP_URL: z.url().default('https://shop.fretline.example'),
  TEACHER_NAME: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'TEACHER_NAME must be a lower-case slug')
    .default('jamie'),
  ANALYTICS_ENABLED: bool.default(true),
  // The OpenAPI document at /api/docs maps every call for whoever asks: served outside production,
  // and in production only when the operator says so (unset: by NODE_ENV).
  API_DOCS: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Which peers may set X-Forwarded-*: loopback, a hop count, or IPs/CIDRs (ADR 0004).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
  // How long SIGTERM keeps serving with a failing health check before closing (ADR 0042).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  // The browser tests' session fixture, POST /api/test/sessions (ADR 0075); production refuses it.
  TEST_SESSIONS: bool.default(false),
  // GET /metrics (ADR 0083) answers only a bearer of this token; unset, there is no /metrics at all.
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
  // Scheduled backups (ADR 0084): a backup every BACKUP_EVERY_HOURS into BACKUP_DIR, the newest
  // BACKUP_KEEP kept. Unset BACKUP_DIR: none (`npm run backup` still works).
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 31)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  // Load shedding (ADR 0059): above this average event-loop delay new requests get a fast 503; 0 turns it off.
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
});

export type Config = Omit<
  z.infer<typeof EnvSchema>,
  | 'HOST'
  | 'SITE_URL'
  | 'SECRET_KEY'
  | 'MEDIA_DIR'
  | 'SHUTDOWN_DRAIN_MS'
  | 'LIVE_RTMP_PORT'
  | 'LIVE_RTMP_HOST'
  | 'LIVE_INGEST_HOST'
  | 'OVERLOAD_EVENT_LOOP_DELAY_MS'
  | 'MAIL_FROM'
  | 'DEMO_SEED'
> & {
  MAIL_FROM: string;
  /** nodemailer's transport-level `dkim` option, or null when outgoing mail is not signed. */
  DKIM: DkimSigning | null;
  DEMO_SEED: boolean;
  HOST: string;
  SITE_URL: string;
  LIVE_RTMP_HOST: string;
  LIVE_RTMP_PORT: number;
  LIVE_INGEST_HOST: string;
  SECRET_KEY: string;
  MEDIA_DIR: string;
  TRUST_PROXY: TrustProxy;
  SHUTDOWN_DRAIN_MS: number;
  OVERLOAD_EVENT_LOOP_DELAY_MS: number;
  isProduction: boolean;
  /** Things allowed but unwise, logged as warnings at every start. */
  warnings: string[];
};

export class ConfigError extends Error {}

export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The DKIM settings as nodemailer's `dkim` option wants them (https://nodemailer.com/dkim/), or
 * null when none is set. Half a setting fails the start: mail would go out unsigned unnoticed.
 */
function readDkim(e: {
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  DKIM_PRIVATE_KEY_FILE?: string;
}): DkimSigning | null {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: inline, DKIM_PRIVATE_KEY_FILE: file } = e;
  if (!domain && !selector && !inline && !file) return null;
  if (inline && file) throw new ConfigError('Set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both.');
  const missing = [
    ...(domain ? [] : ['DKIM_DOMAIN']),
    ...(selector ? [] : ['DKIM_SELECTOR']),
    ...(inline || file ? [] : ['DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)']),
  ];
  if (missing.length) throw new ConfigError(`DKIM signing needs every setting; missing: ${missing.join(', ')}`);
  let pem: string;
  if (file) {
    try {
      pem = readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError(`DKIM_PRIVATE_KEY_FILE cannot be read (${(err as Error).message}).`);
    }
  } else {
    // A one-line environment value may carry its line breaks as \n.
    pem = inline!.replace(/\\n/g, '\n');
  }
  try {
    createPrivateKey(pem);
  } catch {
    throw new ConfigError(`${file ? 'DKIM_PRIVATE_KEY_FILE' : 'DKIM_PRIVATE_KEY'} is not a PEM private key.`);
  }
  return { domainName: domain!, keySelector: selector!, privateKey: pem };
}

/** The sender outside production, where /dev/mail shows every message and nothing leaves the machine. */
const DEV_MAIL_FROM = 'Fretline <hello@fretline.localhost>';

/** Reads the environment. Outside production a missing SECRET_KEY is generated once under DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const missing: string[] = [];
  if (isProduction) {
    if (!e.SECRET_KEY) missing.push('SECRET_KEY');
    if (!e.SITE_URL) missing.push('SITE_URL');
    if (!e.MAIL_FROM) missing.push('MAIL_FROM');
    if (e.PAYMENTS === 'stripe') {
      for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
        if (!e[k]) missing.push(k);
    }
    if (e.CAPTCHA === 'recaptcha') {
      // The secret checks answers on the server; the site key shows the widget (ADR 0027).
      for (const k of ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'] as const) if (!e[k]) missing.push(k);
    }
  }
  if (missing.length) throw new ConfigError(`Production refuses to start without: ${missing.join(', ')}`);
  if (isProduction && e.TEST_SESSIONS)
    throw new ConfigError('Production refuses TEST_SESSIONS: it opens a session for any address without a code.');
  // The sandbox takes no money: production never falls back to it unnoticed (ADR 0023).
  if (isProduction && !env.PAYMENTS)
    throw new ConfigError(
      'Production refuses to start without PAYMENTS: set PAYMENTS=stripe to take payments, or PAYMENTS=sandbox to run on the sandbox provider, which takes no money.',
    );
  const warnings: string[] = [];
  if (isProduction && e.PAYMENTS === 'sandbox')
    warnings.push('PAYMENTS=sandbox in production: purchases succeed without taking any money.');
  if (isProduction && e.CAPTCHA === 'off') {
    if (!e.CAPTCHA_OFF_IN_PRODUCTION)
      throw new ConfigError(
        'Production refuses CAPTCHA=off: the signed-out helpdesk would take messages from bots. Set CAPTCHA_OFF_IN_PRODUCTION=yes to run without one anyway.',
      );
    warnings.push('CAPTCHA=off in production: the signed-out helpdesk form has no captcha (CAPTCHA_OFF_IN_PRODUCTION=yes).');
  }
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  return {
    ...e,
    HOST: host,
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    SECRET_KEY: e.SECRET_KEY ?? readOrCreateDevSecret(e.DATA_DIR),
    MAIL_FROM: e.MAIL_FROM ?? DEV_MAIL_FROM,
    DKIM: readDkim(e),
    DEMO_SEED: e.DEMO_SEED ?? !isProduction,
    MEDIA_DIR: e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media'),
    LIVE_RTMP_PORT: e.LIVE_RTMP_PORT ?? (e.NODE_ENV === 'test' ? 0 : 1935),
    LIVE_RTMP_HOST: e.LIVE_RTMP_HOST ?? host,
    LIVE_INGEST_HOST: e.LIVE_INGEST_HOST ?? new URL(e.SITE_URL ?? 'http://localhost').hostname,
    // A balancer polls health every few seconds; nothing drains in development (ADR 0042).
    SHUTDOWN_DRAIN_MS: e.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5_000 : 0),
    // Off in development and tests, where a debugger or a loaded test machine stalls the loop.
    OVERLOAD_EVENT_LOOP_DELAY_MS: e.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (isProduction ? 1_000 : 0),
    isProduction,
    warnings,
  };
}

function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A complete config for tests: no files touched, a fixed secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-test-secret-key-0123456789', LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}
