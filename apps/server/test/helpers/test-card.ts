/**
 * A purchase through the real test-mode checkout (REST): the payment intent, then Stripe's test card
 * 4242… confirmed on the server, as the checkout page does. Answers the intent and the payment row.
 */
import { type Payment, payments } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { api, type SignedInUser } from './catalogue';
import type { TestApp } from './test-app';

export const GOOD_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' };

export async function buyWithTestCard(
  t: TestApp,
  courseId: string,
  buyer: SignedInUser,
): Promise<{ intent: { paymentIntentId: string; clientSecret: string }; payment: Payment }> {
  const started = await api.post(t, '/payment/create-payment-intent', { courseId }, buyer);
  expect(started.statusCode, started.body).toBe(200);
  const intent = started.json() as { paymentIntentId: string; clientSecret: string };
  const paid = await api.post(
    t,
    '/payment/test/confirm-card',
    { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...GOOD_CARD },
    buyer,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, intent.paymentIntentId));
  if (!payment) throw new Error(`no payment for ${intent.paymentIntentId}`);
  return { intent, payment };
}
