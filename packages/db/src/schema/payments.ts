/**
 * Payments and processed webhook events. A payment keeps its row when the course is deleted
 * (course_id becomes null) so revenue figures stay true.
 */
import { PAYMENT_PROVIDERS } from '@lectio/contracts/payment';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref } from './columns';
import { courses } from './courses';
import { users } from './users';

/** Values the server writes to `payments.status` (not a DB check, so a provider's new state can't break inserts). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'no action').notNull(),
    courseId: ref('course_id', () => courses.id, 'set null'),
    provider: text('provider').$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    /** The provider's id (Stripe PaymentIntent id); unique so a confirmation is recorded once. */
    providerPaymentId: text('provider_payment_id').notNull().unique('payments_provider_payment_id_unique'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payments_amount_minor_check', sql`${t.amountMinor} >= 0`),
    index('payments_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    // Admin: the latest succeeded transactions, without skipping pending or failed ones.
    index('payments_succeeded_created_at_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'succeeded'`),
    index('payments_course_id_idx').on(t.courseId),
    index('payments_user_id_idx').on(t.userId),
  ],
);

/** A webhook event id recorded once: inserting it again fails, which makes webhook handling idempotent. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The statuses the test-mode provider uses (a subset of Stripe's PaymentIntent statuses). */
export const TEST_PAYMENT_INTENT_STATUSES = ['requires_payment_method', 'succeeded'] as const;
export type TestPaymentIntentStatus = (typeof TEST_PAYMENT_INTENT_STATUSES)[number];

/**
 * PaymentIntents of the test-mode provider (PAYMENT_PROVIDER=test), which plays Stripe's part without an
 * outside service. Kept in the database so an intent survives a restart between "create" and "confirm".
 * No card data is ever stored: only the outcome.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    /** `pi_test_…`, like Stripe's `pi_…`. */
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status').$type<TestPaymentIntentStatus>().notNull().default('requires_payment_method'),
    /** The same key gives back the same intent, as Stripe's Idempotency-Key does. */
    idempotencyKey: text('idempotency_key').notNull().unique('test_payment_intents_idempotency_key_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    check('test_payment_intents_status_check', oneOf(t.status, TEST_PAYMENT_INTENT_STATUSES)),
    check('test_payment_intents_amount_minor_check', sql`${t.amountMinor} >= 0`),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type TestPaymentIntent = typeof testPaymentIntents.$inferSelect;
