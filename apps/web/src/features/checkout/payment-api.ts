/**
 * The payment calls (spec sections 4 and 7) over REST /api/v1: which provider runs, create an intent,
 * confirm a test-mode card, confirm the payment on the server. Paths, methods and schemas come from the
 * contracts' `restRoutes`; the price is never sent, the server reads it.
 */
import { restRoutes } from '@lectio/contracts/rest';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api';
import type { TestCard } from './card-format';

export async function getPaymentConfig(signal?: AbortSignal) {
  const route = restRoutes.paymentConfig;
  return apiRequest(route.path, { schema: route.response, ...(signal ? { signal } : {}) });
}

/** The provider does not change while the page is open; one read per page session is enough. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payment', 'config'] as const,
  queryFn: ({ signal }) => getPaymentConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export async function createPaymentIntent(courseId: string) {
  const route = restRoutes.createPaymentIntent;
  return apiRequest(route.path, {
    method: route.method,
    body: { courseId },
    schema: route.response,
  });
}
export type PaymentIntent = Awaited<ReturnType<typeof createPaymentIntent>>;

/** Test mode only: the server plays Stripe's part with Stripe's test card numbers (402 on a decline). */
export async function confirmTestCard(
  intent: Pick<PaymentIntent, 'paymentIntentId' | 'clientSecret'>,
  card: TestCard,
) {
  const route = restRoutes.testConfirmCard;
  return apiRequest(route.path, {
    method: route.method,
    body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...card },
    schema: route.response,
  });
}

/** Enrolls after a succeeded payment; answers with the buyer's purchased course ids. */
export async function confirmPayment(paymentIntentId: string) {
  const route = restRoutes.confirmPayment;
  return apiRequest(route.path, {
    method: route.method,
    body: { paymentIntentId },
    schema: route.response,
  });
}
