/**
 * The purchase sequence (spec section 4) apart from any UI: create an intent for the course, let the card
 * form confirm the card with the provider (Stripe Elements or the test-mode form), then confirm on the
 * server, which enrolls and answers with the buyer's purchased courses. Also which message a failure shows
 * (spec section 8): the provider's, otherwise the server's, otherwise 'Something went wrong'.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { serverFailure } from '~/lib/api-errors';
import { getSession, setSession } from '~/lib/session';
import { confirmPayment, createPaymentIntent, type PaymentIntent } from './payment-api';

/** A failure reported by the card provider (a decline, insufficient funds, a 3-D Secure failure). */
export class CardProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardProviderError';
  }
}

/** What a card form does with an intent: confirm the card, or throw (CardProviderError for a decline). */
export type ConfirmCard = (intent: PaymentIntent) => Promise<void>;

/**
 * Pays for (or, when the server says the course is free, enrolls in) a course. The intent is asked for on
 * every attempt rather than kept in the page: the server hands the same buyer the same intent for the same
 * course and price (idempotency key), and after a decline that intent takes another card, as on Stripe.
 * With a coupon code the server prices the intent (a 100% coupon enrolls without one). Resolves to the
 * buyer's purchased course ids.
 */
export async function payForCourse(
  courseId: string,
  confirmCard: ConfirmCard,
  alreadyPurchased: readonly string[],
  couponCode?: string,
): Promise<string[]> {
  const intent = await createPaymentIntent(courseId, couponCode);
  if (intent.enrolled) {
    return alreadyPurchased.includes(courseId) ? [...alreadyPurchased] : [...alreadyPurchased, courseId];
  }
  await confirmCard(intent);
  const confirmed = await confirmPayment(intent.paymentIntentId);
  return confirmed.purchasedCourses;
}

export function paymentErrorMessage(error: unknown): string {
  if (error instanceof CardProviderError && error.message) return error.message;
  // No response at all: there is no server message to show.
  const failure = serverFailure(error);
  if (failure?.message) return failure.message;
  return PAYMENT_MESSAGES.fallbackError;
}

/** The in-memory session's user now owns `purchasedCourses` (cards switch to 'Continue Watching'). */
export function recordPurchases(purchasedCourses: readonly string[]): void {
  const { user, role, token } = getSession();
  if (!user || !role || !token) return;
  setSession({ role, accessToken: token, userData: { ...user, purchasedCourses: [...purchasedCourses] } });
}
