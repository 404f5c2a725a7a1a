/**
 * Earnings and revenue read from the ledger (docs/ARCHITECTURE.md, "Money"). Totals come from the
 * trigger-kept monthly tables (ledger_monthly_totals by instructor and course, ledger_platform_monthly_totals
 * for the platform), so a page costs the same at a million payments as at ten; only "pending" reads
 * ledger rows, those of the refund window, through ledger_entries_instructor_idx.
 *
 * Signs: the ledger's amounts are debits (+) and credits (-). An instructor's sale row is a credit (what
 * the platform owes them), a refund's row a debit, a payout's row a debit.
 */
import {
  EARNINGS_COURSES_MAX,
  EARNINGS_MONTHS,
  type InstructorEarnings,
  type PlatformRevenue,
} from '@lectio/contracts/earnings';
import { EARNINGS_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import {
  courses,
  type Database,
  ledgerEntries,
  ledgerMonthlyTotals,
  ledgerPlatformMonthlyTotals,
  payoutAccounts,
  platformFeeChanges,
  users,
} from '@lectio/db';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { toMajorUnits } from '../../lib/money';
import type { Actor, ServiceContext } from '../context';
import { currentPlatformFeePercent } from '../ledger/ledger';

/** The last EARNINGS_MONTHS UTC months, oldest first, as `YYYY-MM` and the first day (`YYYY-MM-01`). */
export function lastMonths(now: Date): { key: string; firstDay: string }[] {
  const months = [];
  for (let back = EARNINGS_MONTHS - 1; back >= 0; back--) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const key = `${day.getUTCFullYear()}-${String(day.getUTCMonth() + 1).padStart(2, '0')}`;
    months.push({ key, firstDay: `${key}-01` });
  }
  return months;
}

/** What these reads need of the service context (also what the admin bench builds to capture their SQL). */
export type EarningsContext = Pick<ServiceContext, 'db' | 'config' | 'now'>;

const isRefund = (event: string) => event === 'refund' || event === 'dispute';
const isPayout = (event: string) => event === 'payout' || event === 'payout_reversal';
const num = (value: unknown) => Number(value ?? 0);

/**
 * Each instructor's share of sales still inside the refund window (REFUND_WINDOW_DAYS), less what their
 * refunds took back, in minor units: money a refund may still claim, so not paid out yet. Reads the
 * window's ledger rows through ledger_entries_instructor_idx (one range per instructor); an instructor
 * without such rows is left out (0).
 */
export async function sharesInRefundWindow(
  ctx: Pick<ServiceContext, 'config' | 'now'>,
  db: Database,
  instructorIds: string[],
): Promise<Map<string, number>> {
  if (instructorIds.length === 0) return new Map();
  const windowStart = new Date(ctx.now().getTime() - ctx.config.marketplace.refundWindowDays * 86_400_000);
  const rows = await db
    .select({
      instructorId: ledgerEntries.instructorId,
      amount: sql<string>`-sum(${ledgerEntries.amountMinor})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.instructorId, instructorIds),
        gte(ledgerEntries.createdAt, windowStart),
        inArray(ledgerEntries.event, ['sale', 'refund', 'dispute']),
      ),
    )
    .groupBy(ledgerEntries.instructorId);
  return new Map(rows.map((row) => [row.instructorId ?? '', num(row.amount)]));
}

/** One instructor's share in the refund window (sharesInRefundWindow). */
export async function shareInRefundWindow(
  ctx: Pick<ServiceContext, 'config' | 'now'>,
  db: Database,
  instructorId: string,
): Promise<number> {
  return (await sharesInRefundWindow(ctx, db, [instructorId])).get(instructorId) ?? 0;
}

/**
 * The rule for what a payout may send (minor units): the balance less the share still inside the refund
 * window, never below zero; `pending` is that share, capped by the balance.
 */
export function payableNow(balance: number, windowShare: number): { pending: number; available: number } {
  const pending = Math.max(0, Math.min(windowShare, balance));
  return { pending, available: Math.max(0, balance - pending) };
}

/** The instructor whose earnings the actor may read: their own, or any instructor's for an admin. */
async function earningsOwner(
  ctx: EarningsContext,
  actor: Actor,
  requested: string | undefined,
): Promise<string> {
  if (!requested || requested === actor.id) return actor.id;
  if (!can(actor, 'all') || !isUuid(requested)) throw notFound(EARNINGS_MESSAGES.instructorNotFound);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, requested));
  if (!user) throw notFound(EARNINGS_MESSAGES.instructorNotFound);
  return user.id;
}

type Tally = { sales: number; gross: number; earnings: number; refunded: number };
const emptyTally = (): Tally => ({ sales: 0, gross: 0, earnings: 0, refunded: 0 });

/** An instructor's ledger totals, by month, event and course, and what buyers paid for those courses. */
export interface InstructorLedgerRows {
  own: {
    month: string;
    event: string;
    courseId: string | null;
    title: string | null;
    amount: string;
    entries: string;
  }[];
  gross: { month: string; courseId: string | null; amount: string }[];
}

/** What an instructor's ledger adds up to, in minor units (signs as the earnings page shows them). */
export interface InstructorLedgerTally {
  balance: number;
  /** Every sale's share, before refunds. */
  lifetime: number;
  refunded: number;
  paid: number;
  sales: number;
  /** What buyers paid, before refunds. */
  gross: number;
  /** By month (`YYYY-MM-01`), for the months asked for only. */
  byMonth: Map<string, Tally>;
  byCourse: Map<string, Tally>;
}

/**
 * Reads an instructor's rows of the trigger-kept monthly totals (ledger_monthly_totals_instructor_idx),
 * then what buyers paid for the courses those rows name (the earnings page and the instructor's home).
 */
export async function readInstructorLedger(
  db: Database,
  instructorId: string,
): Promise<InstructorLedgerRows> {
  const own = await db
    .select({
      month: ledgerMonthlyTotals.month,
      event: ledgerMonthlyTotals.event,
      courseId: ledgerMonthlyTotals.courseId,
      title: courses.title,
      amount: sql<string>`sum(${ledgerMonthlyTotals.amountMinor})`,
      entries: sql<string>`sum(${ledgerMonthlyTotals.entries})`,
    })
    .from(ledgerMonthlyTotals)
    .leftJoin(courses, eq(courses.id, ledgerMonthlyTotals.courseId))
    .where(eq(ledgerMonthlyTotals.instructorId, instructorId))
    .groupBy(
      ledgerMonthlyTotals.month,
      ledgerMonthlyTotals.event,
      ledgerMonthlyTotals.courseId,
      courses.title,
    )
    // Prepared (kept per connection by postgres.js): the dashboards read it on every visit.
    .prepare('instructor_ledger')
    .execute();

  // What buyers paid for those courses (gross = what reached the provider's balance plus its fee), by
  // their ids: an `IN (subquery)` here is planned as a scan of the whole totals table.
  const courseIds = [...new Set(own.map((row) => row.courseId).filter((id): id is string => id !== null))];
  const gross = courseIds.length
    ? await db
        .select({
          month: ledgerMonthlyTotals.month,
          courseId: ledgerMonthlyTotals.courseId,
          amount: sql<string>`sum(${ledgerMonthlyTotals.amountMinor})`,
        })
        .from(ledgerMonthlyTotals)
        .where(
          and(
            inArray(ledgerMonthlyTotals.courseId, courseIds),
            inArray(ledgerMonthlyTotals.account, ['provider_balance', 'provider_fees']),
            eq(ledgerMonthlyTotals.event, 'sale'),
          ),
        )
        .groupBy(ledgerMonthlyTotals.month, ledgerMonthlyTotals.courseId)
    : [];
  return { own, gross };
}

/** Adds up an instructor's ledger rows: totals, and by month (`monthDays`: `YYYY-MM-01`) and by course. */
export function tallyInstructorLedger(
  rows: InstructorLedgerRows,
  monthDays: readonly string[],
): InstructorLedgerTally {
  const tally: InstructorLedgerTally = {
    balance: 0,
    lifetime: 0,
    refunded: 0,
    paid: 0,
    sales: 0,
    gross: 0,
    byMonth: new Map(monthDays.map((day) => [day, emptyTally()])),
    byCourse: new Map(),
  };
  const courseEntry = (id: string) => {
    const found = tally.byCourse.get(id);
    if (found) return found;
    const entry = emptyTally();
    tally.byCourse.set(id, entry);
    return entry;
  };
  for (const row of rows.own) {
    const amount = num(row.amount);
    const entries = num(row.entries);
    tally.balance -= amount;
    const month = tally.byMonth.get(row.month);
    const course = row.courseId ? courseEntry(row.courseId) : undefined;
    if (row.event === 'sale') {
      tally.lifetime -= amount;
      tally.sales += entries;
      if (month) {
        month.earnings -= amount;
        month.sales += entries;
      }
      if (course) {
        course.earnings -= amount;
        course.sales += entries;
      }
    } else if (isRefund(row.event)) {
      tally.refunded += amount;
      if (month) month.refunded += amount;
      if (course) course.refunded += amount;
    } else if (isPayout(row.event)) {
      tally.paid += amount;
    }
  }
  for (const row of rows.gross) {
    const amount = num(row.amount);
    tally.gross += amount;
    const month = tally.byMonth.get(row.month);
    if (month) month.gross += amount;
    if (row.courseId) courseEntry(row.courseId).gross += amount;
  }
  return tally;
}

export async function instructorEarnings(
  ctx: EarningsContext,
  actor: Actor,
  input: { instructorId?: string | undefined },
): Promise<InstructorEarnings> {
  const instructorId = await earningsOwner(ctx, actor, input.instructorId);
  const now = ctx.now();
  const months = lastMonths(now);

  // Independent reads, sent at once (each is an index range; together they are the page's latency).
  const [rows, pendingShare, [account], feePercent] = await Promise.all([
    readInstructorLedger(ctx.db, instructorId),
    shareInRefundWindow(ctx, ctx.db, instructorId),
    ctx.db
      .select({ status: payoutAccounts.status, payoutsEnabled: payoutAccounts.payoutsEnabled })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, instructorId)),
    currentPlatformFeePercent(ctx, ctx.db),
  ]);
  const { balance, lifetime, refunded, paid, sales, byMonth, byCourse } = tallyInstructorLedger(
    rows,
    months.map((month) => month.firstDay),
  );

  const ranked = [...byCourse.entries()]
    .sort(([, a], [, b]) => b.earnings - a.earnings || b.sales - a.sales)
    .slice(0, EARNINGS_COURSES_MAX);
  const titleOf = new Map(rows.own.map((row) => [row.courseId, row.title]));

  const { pending, available } = payableNow(balance, pendingShare);
  return {
    instructorId,
    currency: ctx.config.payments.currency,
    feePercent,
    balance: toMajorUnits(balance),
    pending: toMajorUnits(pending),
    available: toMajorUnits(available),
    paid: toMajorUnits(paid),
    lifetimeEarnings: toMajorUnits(lifetime),
    refunded: toMajorUnits(refunded),
    sales,
    months: months.map(({ key, firstDay }) => {
      const month = byMonth.get(firstDay) ?? emptyTally();
      return {
        month: key,
        sales: month.sales,
        gross: toMajorUnits(month.gross),
        earnings: toMajorUnits(month.earnings),
        refunded: toMajorUnits(month.refunded),
      };
    }),
    courses: ranked.map(([courseId, course]) => ({
      courseId,
      title: titleOf.get(courseId) ?? null,
      sales: course.sales,
      gross: toMajorUnits(course.gross),
      earnings: toMajorUnits(course.earnings),
      refunded: toMajorUnits(course.refunded),
    })),
    payoutAccount: account ?? null,
  };
}

export async function platformRevenue(ctx: EarningsContext): Promise<PlatformRevenue> {
  const months = lastMonths(ctx.now());
  const [rows, feePercent] = await Promise.all([
    ctx.db
      .select({
        month: ledgerPlatformMonthlyTotals.month,
        account: ledgerPlatformMonthlyTotals.account,
        event: ledgerPlatformMonthlyTotals.event,
        amount: ledgerPlatformMonthlyTotals.amountMinor,
      })
      .from(ledgerPlatformMonthlyTotals),
    currentPlatformFeePercent(ctx, ctx.db),
  ]);
  const zero = () => ({ gross: 0, fees: 0, commission: 0, refunded: 0, paidOut: 0, owed: 0 });
  const total = zero();
  const byMonth = new Map(months.map((month) => [month.firstDay, zero()]));
  for (const row of rows) {
    const amount = num(row.amount);
    for (const target of [total, byMonth.get(row.month)]) {
      if (!target) continue;
      if (row.event === 'sale' && (row.account === 'provider_balance' || row.account === 'provider_fees'))
        target.gross += amount;
      if (row.account === 'provider_fees') {
        target.fees += amount;
        target.commission -= amount;
      }
      if (row.account === 'platform_commission') target.commission -= amount;
      if (row.account === 'provider_balance' && isRefund(row.event)) target.refunded -= amount;
      if (row.account === 'instructor_payable') {
        target.owed -= amount;
        if (isPayout(row.event)) target.paidOut += amount;
      }
    }
  }
  return {
    currency: ctx.config.payments.currency,
    feePercent,
    grossSales: toMajorUnits(total.gross),
    providerFees: toMajorUnits(total.fees),
    commissionEarned: toMajorUnits(total.commission),
    refunded: toMajorUnits(total.refunded),
    owedToInstructors: toMajorUnits(total.owed),
    paidOut: toMajorUnits(total.paidOut),
    months: months.map(({ key, firstDay }) => {
      const month = byMonth.get(firstDay) ?? zero();
      return {
        month: key,
        gross: toMajorUnits(month.gross),
        fees: toMajorUnits(month.fees),
        commission: toMajorUnits(month.commission),
        refunded: toMajorUnits(month.refunded),
        paidOut: toMajorUnits(month.paidOut),
      };
    }),
  };
}

/** Records a new commission rate for new sales, with who set it. */
export async function setPlatformFeePercent(
  ctx: EarningsContext,
  actor: Actor,
  percent: number,
): Promise<{ feePercent: number }> {
  await ctx.db.insert(platformFeeChanges).values({ percent, changedBy: actor.id, createdAt: ctx.now() });
  return { feePercent: percent };
}
