import type { Database } from '@fretline/db';
import type { Config } from '../../../config.ts';
import { SandboxProvider } from './sandbox.ts';
import { createStripeClient, StripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export { type PaymentProvider } from './types.ts';

/**
 * PAYMENTS=sandbox (default, offline) or stripe (ARCHITECTURE.md "payments"). Called once, by
 * buildApp (ADR 0051), unless the caller hands the app a provider of its own.
 */
export function createPaymentProvider(deps: { config: Config; db: Database; clock: () => Date }): PaymentProvider {
  if (deps.config.PAYMENTS === 'stripe') {
    if (!deps.config.STRIPE_SECRET_KEY) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
    return new StripeProvider(createStripeClient(deps.config.STRIPE_SECRET_KEY));
  }
  return new SandboxProvider(deps.db, deps.clock);
}
