import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The security headers of a response to this URL. The onRequest hook puts them on every routed
     * request; Fastify's `frameworkErrors` (a URL that does not decode) answer before any hook runs.
     */
    securityHeadersFor(url: string): Record<string, string>;
  }
}

/** Hosts whose players and widgets the product embeds (ARCHITECTURE.md "Media", "Payments"). */
const FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://open.spotify.com',
  'https://www.soundslice.com',
  'https://js.stripe.com',
  'https://hooks.stripe.com',
];

/** Google reCAPTCHA's script and frame hosts, allowed only when CAPTCHA=recaptcha (ADR 0027). */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Runs helmet's middleware once against a recording response and returns the headers it sets.
 * Our policy has no per-request parts (no nonces), so the headers are the same for every response;
 * @fastify/helmet rebuilt the whole policy on every request, a tenth of a small API call's CPU.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options', { cause: failure });
  return headers;
}

/**
 * The API answers JSON and media, never a document to render, so it needs no page policy: nothing
 * may load from or frame it, and nothing sniffs its types (ADR 0002). A fifth of the page set's
 * bytes, on the calls every tab polls.
 */
function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Security headers on every response: the page policy below on pages, `apiSecurityHeaders` under
 * /api (ADR 0002). React Router's server
 * rendering streams inline scripts without a nonce hook we control, so script-src allows
 * 'unsafe-inline' next to 'self'; everything else is as tight as the product allows.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const production = app.config.isProduction;
    const recaptcha = app.config.CAPTCHA === 'recaptcha';
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", "'unsafe-inline'", 'https://js.stripe.com', ...(recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // hls.js feeds the player from blob: URLs (MSE); media may come from a CDN in production.
          mediaSrc: ["'self'", 'blob:', 'https:'],
          // hls.js and ALTCHA run their work in workers built from blob: URLs.
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          frameSrc: [...FRAME_SOURCES, ...(recaptcha ? RECAPTCHA_FRAME_SOURCES : [])],
          manifestSrc: ["'self'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Cross-origin isolation would break the embedded players above.
      crossOriginEmbedderPolicy: false,
      // Our images appear in webmail and on other sites (link previews); popups serve payments.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only where HTTPS is certain; on localhost it would pin plain-HTTP development hosts.
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    const apiHeaders = apiSecurityHeaders(production);
    const securityHeadersFor = (url: string) => (url.startsWith('/api/') ? apiHeaders : headers);
    app.decorate('securityHeadersFor', securityHeadersFor);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(securityHeadersFor(request.url));
      done();
    });
  },
  { name: 'security-headers', dependencies: ['deps'] },
);
