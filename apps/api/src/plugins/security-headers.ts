import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Hosts whose players and widgets the product embeds (ARCHITECTURE.md "Media", "Payments"). */
export const FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://open.spotify.com',
  'https://www.soundslice.com',
  'https://js.stripe.com',
  'https://hooks.stripe.com',
];

/**
 * Security headers on every response, pages and API alike (ADR 0002). React Router's server
 * rendering streams inline scripts without a nonce hook we control, so script-src allows
 * 'unsafe-inline' next to 'self'; everything else is as tight as the product allows.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const production = app.config.isProduction;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", "'unsafe-inline'", 'https://js.stripe.com'],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // hls.js feeds the player from blob: URLs (MSE); media may come from a CDN in production.
          mediaSrc: ["'self'", 'blob:', 'https:'],
          // hls.js and ALTCHA run their work in workers built from blob: URLs.
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          frameSrc: FRAME_SOURCES,
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
  },
  { name: 'security-headers', dependencies: ['deps'] },
);
