/** Picks the payment driver from config: Stripe when configured (PAYMENT_PROVIDER), else test mode. */
import type { Database } from '@lectio/db';
import type { Config } from '../config';
import type { PaymentProvider } from './payment-port';
import { StripePaymentDriver } from './stripe-driver';
import { TestPaymentDriver } from './test-driver';

export function createPaymentProvider(config: Config, db: Database, now: () => Date): PaymentProvider {
  const stripe = config.payments.stripe;
  if (config.payments.provider === 'stripe') {
    // config.ts refuses PAYMENT_PROVIDER=stripe without both keys; this guards hand-built configs.
    if (!stripe)
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
    return new StripePaymentDriver({ ...stripe, now });
  }
  return new TestPaymentDriver(db, now);
}
