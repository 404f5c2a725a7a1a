/**
 * Payments and processed webhook events. A payment keeps its row when the course is deleted
 * (course_id becomes null) so revenue figures stay true.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns';
import { courses } from './courses';
import { users } from './users';

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Values the server writes to `payments.status` (not a DB check, so a provider's new state can't break inserts). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
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

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
