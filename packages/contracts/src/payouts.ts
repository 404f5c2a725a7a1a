/**
 * Instructor payouts (issue 14, item 2; docs/ARCHITECTURE.md, "Money"): an instructor connects a payout
 * account (Stripe Connect Express onboarding, or the test driver's simulation), and an admin pays each
 * instructor what is available (their balance less what is still inside the refund window) with a
 * transfer. Every payout is an entry group in the ledger; a refund after a payout reverses that much of
 * the transfer. Amounts are major units.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
} from './schema-formats.js';

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'reversed'] as const;
export const PAYOUT_ACCOUNT_STATUSES = ['onboarding', 'active', 'restricted'] as const;
export const PAYOUT_PAGE_MAX = 100;
export { ONBOARDING_RETURN } from './route-search.js';

const money = () => z.number().meta({ description: 'Major units of `currency` (2 decimals).' });

export const payoutSchema = z
  .object({
    _id: uuidString(),
    instructorId: uuidString(),
    instructorName: z.string(),
    amount: money(),
    /** What refunds after the payout took back from it (transfer reversals). */
    reversed: money(),
    currency: z.string(),
    status: z.enum(PAYOUT_STATUSES),
    /** The provider's transfer id (`tr_…`), once made. */
    transferId: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: dateTimeString(),
    paidAt: dateTimeString().nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

export const payoutAccountSchema = z
  .object({
    status: z.enum(PAYOUT_ACCOUNT_STATUSES),
    payoutsEnabled: z.boolean(),
    /** Which provider holds it: `stripe` (Connect Express) or `test` (simulated). */
    provider: z.string(),
  })
  .meta({ id: 'PayoutAccount' });

export const owedInstructorSchema = z
  .object({
    instructorId: uuidString(),
    name: z.string(),
    email: z.string(),
    balance: money(),
    pending: money(),
    available: money(),
    paid: money(),
    account: payoutAccountSchema.nullable(),
  })
  .meta({ id: 'OwedInstructor' });
export type OwedInstructor = z.infer<typeof owedInstructorSchema>;

export const payoutOperations = defineOperations({
  account: {
    kind: 'query',
    access: requires('manage_own_courses'),
    summary: 'The signed-in instructor’s payout account, as the provider now reports it (null: not started)',
    output: z.object({ account: payoutAccountSchema.nullable() }),
    rest: { method: 'GET', path: '/payouts/account' },
  },
  startOnboarding: {
    kind: 'mutation',
    access: requires('manage_own_courses'),
    summary: 'Start or resume payout onboarding: answers the provider’s onboarding link to open',
    description:
      'Creates the instructor’s connected account on first use (Stripe Connect Express). The link comes ' +
      'back to /dashboard/instructor/earnings?onboarding=return (or =refresh when it expired). In test ' +
      'mode the onboarding is simulated: the account is ready when the link is made.',
    input: z.object({}).strict(),
    output: z.object({ url: z.string() }),
    rest: { method: 'POST', path: '/payouts/onboarding' },
    errors: ['FORBIDDEN'],
  },
  list: {
    kind: 'query',
    access: requires('manage_own_courses'),
    summary: 'Payouts, newest first: an instructor’s own; an admin’s, everyone’s or one instructor’s',
    input: z.object({
      instructorId: uuidInput().optional(),
      ...pageInput(PAYOUT_PAGE_MAX, 20),
    }),
    output: pageOutput('payouts', payoutSchema),
    rest: { method: 'GET', path: '/payouts' },
  },
  owed: {
    kind: 'query',
    access: requires('all'),
    summary: 'What the platform owes each instructor: balance, pending, available to pay, paid so far',
    description:
      'Instructors with a balance or payouts, the largest balance first (at most 100); `total` counts them all.',
    output: z.object({ instructors: z.array(owedInstructorSchema).max(100), total: countNumber() }),
    rest: { method: 'GET', path: '/payouts/owed' },
  },
  pay: {
    kind: 'mutation',
    access: requires('all'),
    summary: 'Pay an instructor what is available now, with a transfer to their payout account',
    description:
      'A payout still pending (the provider could not be reached) is retried first, with the same ' +
      'idempotency key, so nothing is sent twice. 409 when the instructor has no ready payout account or ' +
      'nothing is available.',
    input: z.object({ instructorId: uuidInput() }),
    output: z.object({ message: z.string(), payout: payoutSchema }),
    rest: { method: 'POST', path: '/payouts' },
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
  },
});
