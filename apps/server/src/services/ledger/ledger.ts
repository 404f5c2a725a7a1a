/**
 * The revenue-share ledger (packages/db/src/schema/marketplace.ts; docs/ARCHITECTURE.md, "Money").
 *
 * Each event writes one entry group whose rows sum to zero (the database checks it at commit):
 * - a sale:   provider_balance +net, provider_fees +fee, platform_commission -(cut + fee),
 *             instructor_payable -share          (net = gross - fee = cut + share; revenue-split.ts)
 * - a refund: provider_balance -amount, instructor_payable +taken back, platform_commission +the rest
 *             (a dispute is the same rows with event 'dispute')
 * So the platform's commission row holds what it kept of the gross before paying the provider; its
 * earnings are that minus the fees. An instructor's balance is minus the sum of their rows: nothing
 * stores a total that could drift. The writes run inside the caller's transaction, next to the payment
 * or refund they account for.
 */
import { randomUUID } from 'node:crypto';
import {
  courses,
  type Database,
  type LedgerEvent,
  ledgerEntries,
  ledgerInstructorTotals,
  type NewLedgerEntry,
  platformFeeChanges,
} from '@lectio/db';
import { instructorReversal, type SaleSplit, saleLedgerRows, splitSale } from '@lectio/db/revenue-split';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';

/** What the ledger's writes need of the service context (the config and the clock). */
export type LedgerContext = Pick<ServiceContext, 'config' | 'now'>;

/** The commission for new sales: the latest admin change, else PLATFORM_FEE_PERCENT. */
export async function currentPlatformFeePercent(ctx: LedgerContext, db: Database): Promise<number> {
  const [latest] = await db
    .select({ percent: platformFeeChanges.percent })
    .from(platformFeeChanges)
    .orderBy(desc(platformFeeChanges.createdAt), desc(platformFeeChanges.id))
    .limit(1);
  return latest?.percent ?? ctx.config.marketplace.platformFeePercent;
}

export interface SaleInput {
  paymentId: string;
  courseId: string;
  grossMinor: number;
  /**
   * What the provider kept; null when it didn't say (recorded as 0). Stripe reports it on the retrieved
   * intent, which every fulfilment path reads (handle-webhook.ts retrieves it for the webhook's payload).
   */
  feeMinor: number | null;
  currency: string;
}

/**
 * Writes a succeeded payment's sale group in `tx`, once per payment (a second call finds the group and
 * writes nothing). Returns the split, or null for a payment of nothing (a 100% coupon makes no payment).
 */
export async function recordSale(
  tx: Database,
  ctx: LedgerContext,
  input: SaleInput,
): Promise<SaleSplit | null> {
  if (input.grossMinor === 0) return null;
  const existing = await saleOf(tx, input.paymentId);
  if (existing) return existing.split;
  const [course] = await tx
    .select({ instructorId: courses.instructorId })
    .from(courses)
    .where(eq(courses.id, input.courseId));
  if (!course) throw new Error(`course ${input.courseId} of payment ${input.paymentId} not found`);
  const split = splitSale(input.grossMinor, input.feeMinor ?? 0, await currentPlatformFeePercent(ctx, tx));
  const rows = saleLedgerRows({
    entryGroup: randomUUID(),
    paymentId: input.paymentId,
    courseId: input.courseId,
    instructorId: course.instructorId,
    currency: input.currency,
    createdAt: ctx.now(),
    split,
  });
  await tx.insert(ledgerEntries).values(rows);
  return split;
}

export interface RecordedSale {
  split: SaleSplit;
  instructorId: string;
  courseId: string | null;
  currency: string;
}

/** The sale group of a payment, read back from its rows; undefined when none was written. */
export async function saleOf(db: Database, paymentId: string): Promise<RecordedSale | undefined> {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      amountMinor: ledgerEntries.amountMinor,
      instructorId: ledgerEntries.instructorId,
      courseId: ledgerEntries.courseId,
      currency: ledgerEntries.currency,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.event, 'sale')));
  const amountOf = (account: string) => rows.find((row) => row.account === account)?.amountMinor ?? 0;
  const instructorRow = rows.find((row) => row.account === 'instructor_payable');
  if (!instructorRow?.instructorId) return undefined;
  const fee = amountOf('provider_fees');
  const gross = amountOf('provider_balance') + fee;
  return {
    split: {
      grossMinor: gross,
      feeMinor: fee,
      platformCutMinor: -amountOf('platform_commission') - fee,
      instructorShareMinor: -instructorRow.amountMinor,
    },
    instructorId: instructorRow.instructorId,
    courseId: instructorRow.courseId,
    currency: instructorRow.currency,
  };
}

/** What has been taken back from a payment so far (refunds and disputes), from the ledger. */
export async function refundedOf(db: Database, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(-sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.paymentId, paymentId),
        eq(ledgerEntries.account, 'provider_balance'),
        sql`${ledgerEntries.event} in ('refund', 'dispute')`,
      ),
    );
  return Number(row?.total ?? 0);
}

export interface ReversalInput {
  paymentId: string;
  refundId: string;
  amountMinor: number;
  event: Extract<LedgerEvent, 'refund' | 'dispute'>;
}

/**
 * Writes a refund's (or a lost dispute's) reversing group in `tx`. The caller holds the payment row's
 * lock, so the refunded total read here can't move underneath. A payment without a sale group (made before
 * the ledger existed) is reversed against its gross with the instructor's share taken from nothing: the
 * platform bears it, and the rows still balance.
 */
export async function recordReversal(tx: Database, ctx: LedgerContext, input: ReversalInput): Promise<void> {
  const sale = await saleOf(tx, input.paymentId);
  const refundedBefore = await refundedOf(tx, input.paymentId);
  const takenBack = sale ? instructorReversal(sale.split, refundedBefore, input.amountMinor) : 0;
  const common = {
    entryGroup: randomUUID(),
    event: input.event,
    currency: sale?.currency ?? ctx.config.payments.currency,
    paymentId: input.paymentId,
    courseId: sale?.courseId ?? null,
    refundId: input.refundId,
    createdAt: ctx.now(),
  };
  const rows: NewLedgerEntry[] = [
    { ...common, account: 'provider_balance', amountMinor: -input.amountMinor },
    { ...common, account: 'platform_commission', amountMinor: input.amountMinor - takenBack },
  ];
  if (sale && takenBack !== 0)
    rows.push({
      ...common,
      account: 'instructor_payable',
      instructorId: sale.instructorId,
      amountMinor: takenBack,
    });
  await tx.insert(ledgerEntries).values(rows);
}

/**
 * An instructor's balance: what the platform owes them (sales minus refunds minus payouts), minus the sum
 * of their rows, read from ledger_instructor_totals (kept by the ledger's trigger, so current inside `db`'s
 * transaction; packages/db/test/ledger.test.ts checks it equals the sum).
 */
export async function instructorBalance(db: Database, instructorId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerInstructorTotals.balanceMinor })
    .from(ledgerInstructorTotals)
    .where(eq(ledgerInstructorTotals.instructorId, instructorId));
  return row?.balance ?? 0;
}
