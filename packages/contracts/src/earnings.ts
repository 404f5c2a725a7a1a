/**
 * What the marketplace's ledger says (issue 14, items 1-2; docs/ARCHITECTURE.md, "Money"): an
 * instructor's earnings (balance, pending, available, paid, by month and by course) and the platform's
 * revenue for admins, and the commission rate admins set for new sales. Amounts are major units
 * (499.5 = ₹499.50), computed from integer minor units.
 */
import { z } from 'zod';
import { EARNINGS_MESSAGES } from './messages.js';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import { countNumber, inputString, uuidString, wholeNumberInput } from './schema-formats.js';

/** How many months the charts show, the current one included. */
export const EARNINGS_MONTHS = 12;
/** How many courses the earnings page lists, best earning first. */
export const EARNINGS_COURSES_MAX = 50;

/** An amount of money in major units; signed (a balance can fall below zero after a refund). */
const money = () => z.number().meta({ description: 'Major units of `currency` (2 decimals).' });
/** `YYYY-MM`, a UTC calendar month. */
const monthString = () => z.string().regex(/^\d{4}-\d{2}$/);

export const instructorMonthSchema = z
  .object({
    month: monthString(),
    /** Sales made that month. */
    sales: countNumber(),
    /** What buyers paid for the instructor's courses that month. */
    gross: money(),
    /** The instructor's share of that month's sales. */
    earnings: money(),
    /** The part of the share taken back by refunds and disputes that month. */
    refunded: money(),
  })
  .meta({ id: 'EarningsMonth' });

export const instructorCourseEarningsSchema = z
  .object({
    courseId: uuidString(),
    /** Null once the course is deleted (its sales still count). */
    title: z.string().nullable(),
    sales: countNumber(),
    gross: money(),
    earnings: money(),
    refunded: money(),
  })
  .meta({ id: 'CourseEarnings' });

export const payoutAccountSummarySchema = z
  .object({
    status: z.enum(['onboarding', 'active', 'restricted']),
    payoutsEnabled: z.boolean(),
  })
  .meta({ id: 'PayoutAccountSummary' });

export const instructorEarningsSchema = z
  .object({
    instructorId: uuidString(),
    currency: z.string(),
    /** The platform's commission for new sales, whole percent. */
    feePercent: z.number().int().min(0).max(100),
    /** What the platform owes the instructor now: earnings minus refunds minus payouts. */
    balance: money(),
    /** The share of sales still inside the refund window (REFUND_WINDOW_DAYS), not yet paid out. */
    pending: money(),
    /** What a payout may send now: the balance minus what is pending, never below zero. */
    available: money(),
    /** Paid out so far. */
    paid: money(),
    /** Every sale's share, before refunds. */
    lifetimeEarnings: money(),
    /** Taken back by refunds and disputes. */
    refunded: money(),
    sales: countNumber(),
    /** The last EARNINGS_MONTHS months, oldest first, months without sales included. */
    months: z.array(instructorMonthSchema).length(EARNINGS_MONTHS),
    /** Courses with sales, best earning first (at most EARNINGS_COURSES_MAX). */
    courses: z.array(instructorCourseEarningsSchema).max(EARNINGS_COURSES_MAX),
    /** The instructor's payout account, once they started onboarding. */
    payoutAccount: payoutAccountSummarySchema.nullable(),
  })
  .meta({ id: 'InstructorEarnings' });
export type InstructorEarnings = z.infer<typeof instructorEarningsSchema>;

export const platformMonthSchema = z
  .object({
    month: monthString(),
    gross: money(),
    fees: money(),
    commission: money(),
    refunded: money(),
    paidOut: money(),
  })
  .meta({ id: 'PlatformRevenueMonth' });

export const platformRevenueSchema = z
  .object({
    currency: z.string(),
    feePercent: z.number().int().min(0).max(100),
    /** What buyers paid, before refunds. */
    grossSales: money(),
    /** What the payment provider kept. */
    providerFees: money(),
    /** The platform's commission, net of provider fees and of what refunds took back. */
    commissionEarned: money(),
    /** Refunded to buyers (refunds and lost disputes). */
    refunded: money(),
    /** What the platform owes instructors now. */
    owedToInstructors: money(),
    /** Paid out to instructors so far. */
    paidOut: money(),
    months: z.array(platformMonthSchema).length(EARNINGS_MONTHS),
  })
  .meta({ id: 'PlatformRevenue' });
export type PlatformRevenue = z.infer<typeof platformRevenueSchema>;

export const earningsOperations = defineOperations({
  instructor: {
    kind: 'query',
    access: requires('manage_own_courses'),
    summary: 'An instructor’s earnings: balance, pending, paid, by month and by course',
    description:
      'From the ledger. Without `instructorId` (or with one’s own), the caller’s earnings; an admin may ' +
      `ask for any instructor’s. Anyone else’s id is a 404 "${EARNINGS_MESSAGES.instructorNotFound}".`,
    input: z.object({ instructorId: inputString().max(64).optional() }).strict(),
    output: instructorEarningsSchema,
    rest: { method: 'GET', path: '/earnings' },
    errors: ['NOT_FOUND'],
  },
  platform: {
    kind: 'query',
    access: requires('all'),
    summary: 'The platform’s revenue: gross sales, fees, commission earned, refunds, owed and paid out',
    description: 'From the ledger, in total and by month for the last 12 months.',
    output: platformRevenueSchema,
    rest: { method: 'GET', path: '/earnings/platform' },
  },
  setFeePercent: {
    kind: 'mutation',
    access: requires('all'),
    summary: 'Sets the platform’s commission for new sales',
    description:
      'Whole percent, 0-100. Sales already made keep the commission they were charged; the change is ' +
      'recorded with who made it.',
    input: z
      .object({
        percent: wholeNumberInput(0, 100, EARNINGS_MESSAGES.feePercentInvalid),
      })
      .strict(),
    output: z.object({ feePercent: z.number().int().min(0).max(100) }),
    rest: { method: 'PUT', path: '/earnings/platform/fee' },
  },
});
