/**
 * The test-mode driver (PAYMENT_PROVIDER=test, the default without Stripe keys): plays Stripe's part
 * with no outside service. Intents live in `test_payment_intents`, so they survive a restart; the
 * browser confirms one through POST /payment/test/confirm-card with one of Stripe's test card numbers
 * (`TEST_CARDS`), checked like Stripe checks them: Luhn, a future expiry (by the app's clock), a CVC.
 *
 * Card numbers are never stored or logged: only the intent's resulting status is written.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { expiryInFuture, luhnValid, TEST_CARDS, type TestCardOutcome } from '@lectio/contracts/payment';
import { type Database, type TestPaymentIntent, testPaymentIntents } from '@lectio/db';
import { and, eq, ne } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../lib/errors';
import type {
  ConnectedAccountSnapshot,
  CreatedIntent,
  CreateIntentInput,
  PaymentIntentSnapshot,
  PaymentProvider,
  PaymentWebhookEvent,
  ProviderRefund,
  RefundInput,
  RefundResult,
  TransferInput,
  TransferReversalInput,
} from './payment-port';

/** 24 hex characters of a SHA-256: the test driver's ids derived from a key. */
const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

export interface TestCardInput {
  paymentIntentId: string;
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

const DECLINE_MESSAGE: Record<Exclude<TestCardOutcome, 'succeeded'>, string> = {
  card_declined: PAYMENT_MESSAGES.cardDeclined,
  insufficient_funds: PAYMENT_MESSAGES.insufficientFunds,
};

function snapshotOf(row: TestPaymentIntent): PaymentIntentSnapshot {
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    metadata: { ...row.metadata },
    // Test mode charges nothing, so the provider keeps nothing.
    feeMinor: 0,
  };
}

/** Constant-time comparison of two secrets of any length (hashing first evens the lengths). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function sameMetadata(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export class TestPaymentDriver implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const metadata = { userId: input.metadata.userId, courseId: input.metadata.courseId };
    const [created] = await this.db
      .insert(testPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
        amountMinor: input.amountMinor,
        currency: input.currency.toUpperCase(),
        metadata,
        idempotencyKey: input.idempotencyKey,
        createdAt: this.now(),
      })
      .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
      .returning();
    if (created) return { id: created.id, clientSecret: created.clientSecret };

    const [existing] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable);
    // Stripe refuses a reused idempotency key with other parameters; so does the test driver.
    if (
      existing.amountMinor !== input.amountMinor ||
      existing.currency !== input.currency.toUpperCase() ||
      !sameMetadata(existing.metadata, metadata)
    ) {
      throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.providerError);
    }
    return { id: existing.id, clientSecret: existing.clientSecret };
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null> {
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    return row ? snapshotOf(row) : null;
  }

  parseWebhook(): PaymentWebhookEvent {
    throw notFound(PAYMENT_MESSAGES.webhookStripeOnly);
  }

  /**
   * Test mode moved no money, so a refund succeeds at once. The id is derived from the idempotency key
   * (our refund's id), so a retry gets the same refund back, as Stripe's Idempotency-Key gives.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const [row] = await this.db
      .select({ id: testPaymentIntents.id, status: testPaymentIntents.status })
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, input.paymentIntentId));
    if (row?.status !== 'succeeded') throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const key = createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24);
    return { id: `re_test_${key}`, status: 'succeeded' };
  }

  /** Test mode has no dashboard to refund from: nothing exists but what `refund` answered. */
  async listRefunds(): Promise<ProviderRefund[]> {
    return [];
  }

  /**
   * Payout accounts in test mode (no money moves): the account id is derived from the instructor's id, so
   * a retry gets the same one; onboarding is simulated by answering the return address itself as the
   * onboarding link, and every `acct_test_…` account is ready for transfers. Transfer and reversal ids are
   * derived from their idempotency keys, as Stripe's Idempotency-Key would give the same object back.
   */
  async createConnectedAccount(input: { userId: string }): Promise<{ id: string }> {
    return { id: `acct_test_${digest(input.userId)}` };
  }

  async createOnboardingLink(input: { returnUrl: string }): Promise<{ url: string }> {
    return { url: input.returnUrl };
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccountSnapshot | null> {
    return id.startsWith('acct_test_') ? { id, detailsSubmitted: true, transfersActive: true } : null;
  }

  async createTransfer(input: TransferInput): Promise<{ id: string }> {
    if (!input.accountId.startsWith('acct_test_')) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    return { id: `tr_test_${digest(input.idempotencyKey)}` };
  }

  async reverseTransfer(input: TransferReversalInput): Promise<{ id: string }> {
    return { id: `trr_test_${digest(input.idempotencyKey)}` };
  }

  /**
   * Confirms an intent with a card, as Stripe.js would: the client secret must be the intent's own
   * (404 otherwise, as for an unknown intent), the card must pass the checks a card form makes (400),
   * then the test number decides: 4242… succeeds, 4000…0002 is declined, 4000…9995 has insufficient
   * funds (402), and any other valid number is declined because only test cards work here. An intent
   * that has already succeeded stays succeeded (nothing is charged twice).
   */
  async confirmCard(input: TestCardInput): Promise<PaymentIntentSnapshot> {
    const [row] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, input.paymentIntentId));
    if (!row || !sameSecret(input.clientSecret, row.clientSecret))
      throw notFound(PAYMENT_MESSAGES.paymentNotFound);

    const digits = input.cardNumber.replace(/[\s-]/g, '');
    if (!luhnValid(digits))
      throw badRequest(PAYMENT_MESSAGES.incorrectNumber, [
        { path: 'cardNumber', message: PAYMENT_MESSAGES.incorrectNumber },
      ]);
    if (!expiryInFuture(input.expMonth, input.expYear, this.now()))
      throw badRequest(PAYMENT_MESSAGES.expiredCard, [
        { path: 'expYear', message: PAYMENT_MESSAGES.expiredCard },
      ]);
    if (!/^\d{3,4}$/.test(input.cvc))
      throw badRequest(PAYMENT_MESSAGES.cardCvcIncomplete, [
        { path: 'cvc', message: PAYMENT_MESSAGES.cardCvcIncomplete },
      ]);

    if (row.status === 'succeeded') return snapshotOf(row);
    const outcome: TestCardOutcome | undefined = Object.hasOwn(TEST_CARDS, digits)
      ? TEST_CARDS[digits as keyof typeof TEST_CARDS]
      : undefined;
    if (outcome === undefined) throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.notTestCard);
    if (outcome !== 'succeeded') throw new AppError('PAYMENT_FAILED', DECLINE_MESSAGE[outcome]);

    const [updated] = await this.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded' })
      .where(and(eq(testPaymentIntents.id, row.id), ne(testPaymentIntents.status, 'succeeded')))
      .returning();
    // Null when a concurrent confirmation got there first: the intent has succeeded either way.
    return snapshotOf(updated ?? { ...row, status: 'succeeded' });
  }
}
