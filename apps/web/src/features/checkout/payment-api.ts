/**
 * The payment calls (spec sections 4 and 7) over tRPC: which provider runs (`payment.config`), create an
 * intent, confirm a test-mode card, confirm the payment on the server. The price is never sent, the
 * server reads it.
 */
import type { AppRouter } from '@lectio/contracts/api';
import type { inferRouterOutputs } from '@trpc/server';
import { runMutation, trpc } from '~/lib/trpc';
import type { TestCard } from './card-format';

/** The provider does not change while the page is open; one read per page session is enough. */
export const paymentConfigQuery = trpc.payment.config.queryOptions(undefined, {
  staleTime: Number.POSITIVE_INFINITY,
});

export type PaymentIntent = inferRouterOutputs<AppRouter>['payment']['createIntent'];

/** `couponCode`: a code the buyer applied; the server computes the discounted price from it. */
export function createPaymentIntent(courseId: string, couponCode?: string): Promise<PaymentIntent> {
  return runMutation(
    trpc.payment.createIntent.mutationOptions(),
    couponCode ? { courseId, couponCode } : { courseId },
  );
}

/** What the course costs with a coupon code (nothing is held until the intent is created). */
export const couponPreviewQuery = (courseId: string, code: string) =>
  trpc.coupons.preview.queryOptions({ courseId, code }, { retry: false, staleTime: 0 });

/** Test mode only: the server plays Stripe's part with Stripe's test card numbers (402 on a decline). */
export function confirmTestCard(
  intent: Pick<PaymentIntent, 'paymentIntentId' | 'clientSecret'>,
  card: TestCard,
) {
  return runMutation(trpc.payment.testConfirmCard.mutationOptions(), {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    ...card,
  });
}

/** Enrolls after a succeeded payment; answers with the buyer's purchased course ids. */
export function confirmPayment(paymentIntentId: string) {
  return runMutation(trpc.payment.confirm.mutationOptions(), { paymentIntentId });
}
