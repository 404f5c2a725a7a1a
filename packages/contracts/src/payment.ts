/** Payment calls (spec sections 3, 4 and 7). The price is always read on the server, never sent. */
import { z } from 'zod';
import { couponCodeInput } from './coupons.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, PUBLIC } from './permissions.js';
import { amountNumber, inputString, uuidInput, uuidString } from './schema-formats.js';

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

export const createPaymentIntentRequestSchema = z.object({
  courseId: uuidInput(),
  /** A coupon code (coupons.ts); the server computes the discounted price. */
  couponCode: couponCodeInput().optional(),
});
export const createPaymentIntentResponseSchema = z
  .object({
    /** For Stripe.js (or the test-mode card form); '' when the course was free. */
    clientSecret: z.string(),
    /** The provider's PaymentIntent id (`pi_…`, not a uuid); '' when the course was free. */
    paymentIntentId: z.string(),
    /** Major units (499 = ₹499). */
    amount: amountNumber(),
    currency: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** True when the course was free and the buyer was enrolled without payment. */
    enrolled: z.boolean().optional(),
  })
  .meta({ id: 'PaymentIntent' });
export const confirmPaymentRequestSchema = z.object({ paymentIntentId: inputString().min(1) });
export const confirmPaymentResponseSchema = z.object({
  message: z.string(),
  /** Every course the buyer is now enrolled in. */
  purchasedCourses: z.array(uuidString()),
});
export const paymentConfigResponseSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    /** Stripe's publishable key (`pk_…`); null in test mode. */
    publishableKey: z.string().nullable(),
    currency: z.string(),
  })
  .meta({ id: 'PaymentConfig' });
export const webhookResponseSchema = z.object({ received: z.boolean() });

/**
 * Test-mode card confirmation (PAYMENT_PROVIDER=test): the browser sends the card to our own server,
 * which plays Stripe's part with Stripe's test numbers. With the stripe driver this route answers 404:
 * real cards go to Stripe Elements and never reach this server.
 */
export const testConfirmCardRequestSchema = z.object({
  paymentIntentId: inputString().min(1),
  clientSecret: inputString().min(1),
  cardNumber: inputString().regex(/^\d{12,19}$/, 'Your card number is incomplete.'),
  expMonth: z.number().int().min(1).max(12),
  /** Four digits. */
  expYear: z.number().int().min(2000).max(2100),
  cvc: inputString().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export const testConfirmCardResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});

/** Stripe's test card numbers and what the test driver does with each (any future expiry, any CVC). */
export const TEST_CARDS = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
} as const;
export type TestCardOutcome = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

/** Luhn checksum over a string of digits (spaces and dashes removed first). */
export function luhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when the card is still valid at `now`: a card expires at the end of its expiry month (UTC). */
export function expiryInFuture(expMonth: number, expYear: number, now: Date): boolean {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear))
    return false;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear > year || (expYear === year && expMonth >= month);
}

/** The Stripe webhook needs the raw body for its signature: it is an HTTP route (http-routes.ts). */
export const paymentOperations = defineOperations({
  config: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Which payment provider runs and its publishable key',
    output: paymentConfigResponseSchema,
    rest: { method: 'GET', path: '/payment/config' },
  },
  createIntent: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Start paying for a course (price read on the server)',
    input: createPaymentIntentRequestSchema,
    output: createPaymentIntentResponseSchema,
    rest: { method: 'POST', path: '/payment/create-payment-intent' },
    // 402: Stripe refused the intent (its message is passed on).
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
    rateLimit: 'paymentIntent',
  },
  confirm: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Enroll after a succeeded payment',
    input: confirmPaymentRequestSchema,
    output: confirmPaymentResponseSchema,
    rest: { method: 'POST', path: '/payment/confirm-payment' },
    errors: ['NOT_FOUND', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
  },
  testConfirmCard: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Test payment mode only: confirm a payment intent with a Stripe test card number',
    description:
      '404 unless PAYMENT_PROVIDER is test. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined and ' +
      '4000 0000 0000 9995 fails for insufficient funds (402 PAYMENT_FAILED with the card message).',
    input: testConfirmCardRequestSchema,
    output: testConfirmCardResponseSchema,
    rest: { method: 'POST', path: '/payment/test/confirm-card' },
    errors: ['NOT_FOUND', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
  },
});
