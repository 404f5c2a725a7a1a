/** Factories for the payment.* operations' answers (see sequence.ts for ids and dates). */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type {
  createPaymentIntentResponseSchema,
  paymentConfigResponseSchema,
} from '@lectio/contracts/payment';
import type { z } from 'zod';
import { given, next } from './sequence.js';

export type PaymentConfig = z.output<typeof paymentConfigResponseSchema>;
export type PaymentIntent = z.output<typeof createPaymentIntentResponseSchema>;

/** The `payment.config` output (the test provider, no publishable key). */
export function buildPaymentConfig(overrides: Partial<PaymentConfig> = {}): PaymentConfig {
  return { provider: 'test', publishableKey: null, currency: DEFAULT_CURRENCY, ...given(overrides) };
}

/** The `payment.createIntent` output (the test provider; `amount` in rupees). */
export function buildPaymentIntent(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  const n = next();
  const paymentIntentId = `pi_mock_${String(n).padStart(6, '0')}`;
  return {
    clientSecret: `${paymentIntentId}_secret_${n}`,
    paymentIntentId,
    amount: 1999,
    currency: DEFAULT_CURRENCY,
    provider: 'test',
    ...given(overrides),
  };
}
