import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { applyProviderEvent } from './finance.events.ts';
import type { TimeZoneOf } from './finance.mails.ts';
import { stripeWebhookEvent } from './providers/stripe.ts';

/**
 * POST /api/finance/webhooks/stripe (ADR 0021). The signature is checked on the exact bytes Stripe
 * sent, so this scope keeps the JSON body raw. A bad or missing signature is refused and changes
 * nothing; a duplicate event id is acknowledged and ignored; events are applied in the order of
 * their own timestamps, not of arrival. A failure to apply answers 500 so Stripe retries later.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ timeZoneOf?: TimeZoneOf | undefined }> = async (app, { timeZoneOf }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  // Only the webhook helpers are used, so the key here is never sent anywhere.
  const stripe = new Stripe(app.config.STRIPE_SECRET_KEY ?? 'sk_unused');

  const schema = {
    tags: ['finance'],
    summary: "Stripe's events about payments and subscriptions, signed by Stripe (not a session)",
    operationId: 'finance_stripeWebhook',
    // Proved by the Stripe-Signature header, checked against STRIPE_WEBHOOK_SECRET: no session.
    security: [],
  };
  app.post('/webhooks/stripe', { schema }, async (request) => {
    const secret = app.config.STRIPE_WEBHOOK_SECRET;
    if (app.config.PAYMENTS !== 'stripe' || !secret) throw notFound();
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest('Missing Stripe signature.', undefined, 'WEBHOOK_SIGNATURE');
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch (err) {
      request.log.warn({ err }, 'refused a Stripe webhook with a bad signature');
      throw badRequest('Invalid Stripe signature.', undefined, 'WEBHOOK_SIGNATURE');
    }
    const mapped = stripeWebhookEvent(event);
    if (!mapped) return { data: { received: true, applied: false } };
    const result = await applyProviderEvent(app.db, app.config, mapped, timeZoneOf);
    request.log.info({ eventId: event.id, type: event.type, ...result }, 'stripe webhook');
    return { data: { received: true, applied: !result.duplicate && !result.unknown, duplicate: result.duplicate } };
  });
};
