import type { FastifyInstance } from 'fastify';
import { SandboxProvider } from './sandbox.ts';
import { createStripeClient, StripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export { PaymentError, type PaymentProvider, type ProviderEvent } from './types.ts';

/** PAYMENTS=sandbox (default, offline) or stripe (ARCHITECTURE.md "payments"). */
export function createPaymentProvider(app: FastifyInstance): PaymentProvider {
  if (app.config.PAYMENTS === 'stripe') {
    if (!app.config.STRIPE_SECRET_KEY) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
    return new StripeProvider(createStripeClient(app.config.STRIPE_SECRET_KEY));
  }
  return new SandboxProvider(app.db, app.clock);
}
