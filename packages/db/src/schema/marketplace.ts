/**
 * The marketplace's money (issue 14): the revenue-share ledger, the platform fee's history, coupons and
 * their redemptions, refunds, ended enrollments, and instructor payouts.
 *
 * Amounts are integer minor units in the platform currency. Nothing here is ever deleted or updated in
 * place where money is concerned: a refund or a reversed payout is new ledger rows, never an edit.
 */
import { COUPON_KINDS, COUPON_SCOPES } from '@lectio/contracts/coupons';
import { PAYOUT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from '@lectio/contracts/payouts';
import {
  REFUND_ORIGINS,
  REFUND_STATES,
  type RefundOrigin,
  type RefundState,
} from '@lectio/contracts/refunds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref, timestamps } from './columns';
import { courses } from './courses';
import { payments } from './payments';
import { users } from './users';

/**
 * Every change of the platform's commission (PLATFORM_FEE_PERCENT is the value before the first row).
 * The latest row is the rate for new sales; each sale's ledger rows keep the commission it was charged.
 */
export const platformFeeChanges = pgTable(
  'platform_fee_changes',
  {
    id: id(),
    /** Whole percent, 0-100. */
    percent: integer('percent').notNull(),
    changedBy: ref('changed_by', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    check('platform_fee_changes_percent_check', sql`${t.percent} between 0 and 100`),
    index('platform_fee_changes_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * The ledger's accounts. Amounts are signed: positive is a debit, negative a credit, and the rows of one
 * `entry_group` (one business event) sum to zero, checked by a deferred constraint trigger at commit.
 * - provider_balance: money held at the payment provider for the platform (asset);
 * - provider_fees: what the provider kept (expense);
 * - platform_commission: the platform's share (revenue);
 * - instructor_payable: what the platform owes an instructor (liability; `instructor_id` says whose).
 * An instructor's balance is minus the sum of their instructor_payable rows; nothing stores a total.
 */
export const LEDGER_ACCOUNTS = [
  'provider_balance',
  'provider_fees',
  'platform_commission',
  'instructor_payable',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What caused an entry group. */
export const LEDGER_EVENTS = ['sale', 'refund', 'dispute', 'payout', 'payout_reversal'] as const;
export type LedgerEvent = (typeof LEDGER_EVENTS)[number];

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    /** The rows written together for one event; they sum to zero. */
    entryGroup: uuid('entry_group').notNull(),
    event: text('event').$type<LedgerEvent>().notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    /** Set exactly on instructor_payable rows. */
    instructorId: ref('instructor_id', () => users.id, 'no action'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    paymentId: ref('payment_id', () => payments.id, 'no action'),
    courseId: ref('course_id', () => courses.id, 'set null'),
    refundId: ref('refund_id', () => refunds.id, 'no action'),
    payoutId: ref('payout_id', () => payouts.id, 'no action'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_event_check', oneOf(t.event, LEDGER_EVENTS)),
    check('ledger_entries_account_check', oneOf(t.account, LEDGER_ACCOUNTS)),
    check(
      'ledger_entries_instructor_check',
      sql`(${t.account} = 'instructor_payable') = (${t.instructorId} is not null)`,
    ),
    // An instructor's entries, newest first (earnings page, balance, per-month chart).
    index('ledger_entries_instructor_idx')
      .on(t.instructorId, t.createdAt.desc().nullsFirst())
      .where(sql`instructor_id is not null`),
    index('ledger_entries_account_created_at_idx').on(t.account, t.createdAt.desc().nullsFirst()),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_group_idx').on(t.entryGroup),
  ],
);

/**
 * The ledger summed by month (UTC), account, event, instructor and course: kept by a statement trigger on
 * ledger_entries (migration 0008), which only ever grows (rows are append-only). The instructor's
 * earnings page and the admin's revenue figures read this, so they cost the same at a million payments as
 * at ten; `packages/db/test/ledger.test.ts` checks it equals a sum of the ledger.
 */
export const ledgerMonthlyTotals = pgTable(
  'ledger_monthly_totals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    event: text('event').$type<LedgerEvent>().notNull(),
    /** No foreign keys: a total outlives nothing it counts, and the ledger's own rows keep the links. */
    instructorId: uuid('instructor_id'),
    courseId: uuid('course_id'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [
    unique('ledger_monthly_totals_key')
      .on(t.month, t.account, t.event, t.instructorId, t.courseId)
      .nullsNotDistinct(),
    index('ledger_monthly_totals_instructor_idx')
      .on(t.instructorId, t.month)
      .where(sql`instructor_id is not null`),
    index('ledger_monthly_totals_course_idx').on(t.courseId, t.month).where(sql`course_id is not null`),
  ],
);

/**
 * The same sums for the whole platform, by month, account and event only: a few rows a month, so the
 * admin's revenue figures read a handful of rows whatever the number of courses and sales. Kept by the
 * same trigger.
 */
export const ledgerPlatformMonthlyTotals = pgTable(
  'ledger_platform_monthly_totals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    event: text('event').$type<LedgerEvent>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.account, t.event] })],
);

/**
 * Each instructor's totals over the whole ledger: what the platform owes them (minus the sum of their
 * rows) and what was paid out (their payout and payout-reversal rows). Kept by the same trigger (migration
 * 0009), so the admin's list of what is owed reads the largest balances from an index, whatever the
 * number of instructors and sales.
 */
export const ledgerInstructorTotals = pgTable(
  'ledger_instructor_totals',
  {
    instructorId: uuid('instructor_id').primaryKey(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_instructor_totals_owed_idx')
      .on(t.balanceMinor.desc(), t.instructorId)
      .where(sql`balance_minor <> 0 or paid_minor <> 0`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored as typed; unique case-insensitively (coupons_code_lower_unique). */
    code: text('code').notNull(),
    kind: text('kind').$type<(typeof COUPON_KINDS)[number]>().notNull(),
    /** kind = 'percent': 1-100. */
    percentOff: integer('percent_off'),
    /** kind = 'fixed': minor units off the price (never below zero). */
    amountOffMinor: integer('amount_off_minor'),
    scope: text('scope').$type<(typeof COUPON_SCOPES)[number]>().notNull(),
    courseId: ref('course_id', () => courses.id, 'cascade'),
    instructorId: ref('instructor_id', () => users.id, 'cascade'),
    createdBy: ref('created_by', () => users.id, 'set null'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Total redemptions allowed (null: no limit). */
    maxRedemptions: integer('max_redemptions'),
    /** Reserved and redeemed uses; raised only under the row's lock, never above max_redemptions. */
    redemptionCount: integer('redemption_count').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${t.code})`),
    check('coupons_kind_check', oneOf(t.kind, COUPON_KINDS)),
    check('coupons_scope_check', oneOf(t.scope, COUPON_SCOPES)),
    check(
      'coupons_amount_check',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffMinor} is null) or (${t.kind} = 'fixed' and ${t.amountOffMinor} > 0 and ${t.percentOff} is null)`,
    ),
    check(
      'coupons_scope_target_check',
      sql`(${t.scope} = 'course' and ${t.courseId} is not null) or (${t.scope} = 'instructor' and ${t.instructorId} is not null and ${t.courseId} is null) or (${t.scope} = 'platform' and ${t.courseId} is null and ${t.instructorId} is null)`,
    ),
    check('coupons_max_redemptions_check', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} > 0`),
    check(
      'coupons_redemption_count_check',
      sql`${t.redemptionCount} >= 0 and (${t.maxRedemptions} is null or ${t.redemptionCount} <= ${t.maxRedemptions})`,
    ),
    index('coupons_course_idx').on(t.courseId),
    index('coupons_instructor_idx').on(t.instructorId),
  ],
);

/**
 * One use of a coupon by one student: 'reserved' when a discounted checkout starts (it counts towards the
 * limit until `expires_at`), 'redeemed' when its payment succeeds (or at once for a 100% coupon),
 * 'released' when the reservation lapsed or the payment was refunded in full. One row per coupon and
 * student: a student uses a coupon once.
 */
export const COUPON_REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const;
export type CouponRedemptionStatus = (typeof COUPON_REDEMPTION_STATUSES)[number];

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: ref('coupon_id', () => coupons.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    courseId: ref('course_id', () => courses.id, 'set null'),
    paymentId: ref('payment_id', () => payments.id, 'no action'),
    status: text('status').$type<CouponRedemptionStatus>().notNull(),
    discountMinor: integer('discount_minor').notNull(),
    /** A reservation's end; null once redeemed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique('coupon_redemptions_coupon_user_unique').on(t.couponId, t.userId),
    check('coupon_redemptions_status_check', oneOf(t.status, COUPON_REDEMPTION_STATUSES)),
    check('coupon_redemptions_discount_check', sql`${t.discountMinor} >= 0`),
    index('coupon_redemptions_payment_idx').on(t.paymentId),
  ],
);

/** A refund, or a student's request for one. Who started it and its states are the contracts' own lists. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: ref('payment_id', () => payments.id, 'no action').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason').notNull().default(''),
    source: text('source').$type<RefundOrigin>().notNull(),
    status: text('status').$type<RefundState>().notNull(),
    requestedBy: ref('requested_by', () => users.id, 'set null'),
    decidedBy: ref('decided_by', () => users.id, 'set null'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** An admin approved a request the refund rules no longer allowed: why (docs/decisions/0046). */
    overrideReason: text('override_reason'),
    /** The provider's refund or dispute id (re_…, dp_…, or the test driver's); unique, so a webhook repeats nothing. */
    providerRefundId: text('provider_refund_id').unique('refunds_provider_refund_id_unique'),
    failureReason: text('failure_reason'),
    ...timestamps(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountMinor} > 0`),
    check('refunds_source_check', oneOf(t.source, REFUND_ORIGINS)),
    check('refunds_status_check', oneOf(t.status, REFUND_STATES)),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_status_created_at_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    // One open student request per payment.
    uniqueIndex('refunds_one_open_request_unique').on(t.paymentId).where(sql`status = 'requested'`),
  ],
);

/**
 * Enrollments that ended (a full refund or a dispute): the row leaves `enrollments`, so every access
 * check and count stays as it is, and is kept here with why and when. Buying again enrolls afresh.
 */
export const ENROLLMENT_END_REASONS = ['refund', 'dispute'] as const;
export type EnrollmentEndReason = (typeof ENROLLMENT_END_REASONS)[number];

export const endedEnrollments = pgTable(
  'ended_enrollments',
  {
    id: id(),
    /** The id the enrollment had (no foreign key: that row is gone). */
    enrollmentId: uuid('enrollment_id').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    courseId: ref('course_id', () => courses.id, 'set null'),
    paymentId: ref('payment_id', () => payments.id, 'no action'),
    source: text('source').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    reason: text('reason').$type<EnrollmentEndReason>().notNull(),
    refundId: ref('refund_id', () => refunds.id, 'no action'),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ended_enrollments_reason_check', oneOf(t.reason, ENROLLMENT_END_REASONS)),
    index('ended_enrollments_user_idx').on(t.userId, t.endedAt.desc().nullsFirst()),
  ],
);

/** An instructor's account at the payment provider for payouts (Stripe Connect Express, or the test driver's). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'no action' }),
    provider: text('provider').notNull(),
    /** acct_… (or the test driver's id). */
    providerAccountId: text('provider_account_id')
      .notNull()
      .unique('payout_accounts_provider_account_unique'),
    status: text('status').$type<(typeof PAYOUT_ACCOUNT_STATUSES)[number]>().notNull().default('onboarding'),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    ...timestamps(),
  },
  (t) => [check('payout_accounts_status_check', oneOf(t.status, PAYOUT_ACCOUNT_STATUSES))],
);

/** Money sent to an instructor (a transfer to their payout account), and its state. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    instructorId: ref('instructor_id', () => users.id, 'no action').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<(typeof PAYOUT_STATUSES)[number]>().notNull().default('pending'),
    /** tr_… (or the test driver's id); unique, so a retried transfer is recorded once. */
    providerTransferId: text('provider_transfer_id').unique('payouts_provider_transfer_unique'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amountMinor} > 0`),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
    index('payouts_instructor_idx').on(t.instructorId, t.createdAt.desc().nullsFirst()),
    index('payouts_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type LedgerMonthlyTotal = typeof ledgerMonthlyTotals.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type Coupon = typeof coupons.$inferSelect;
export type CouponRedemption = typeof couponRedemptions.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type EndedEnrollment = typeof endedEnrollments.$inferSelect;
export type PayoutAccount = typeof payoutAccounts.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
