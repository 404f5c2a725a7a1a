/**
 * Receipts (issue 14, item 5): the facts of one succeeded (or since refunded) payment for its buyer or an
 * admin, as the PDF on Purchases and the e-mail sent after the payment use them. The seller is the platform
 * (it takes the payments; instructors are paid from the ledger), named by SELLER_NAME with its address and
 * tax id when set; with TAX_RATE_PERCENT the tax the price includes is shown.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { courses, type Database, payments, refunds, users } from '@lectio/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { certificateDate as receiptDate } from '../certificates/certificate-pdf';
import type { Actor, ServiceContext } from '../context';

export interface ReceiptFacts {
  paymentId: string;
  /** The provider's id (pi_…): what a bank statement or Stripe's dashboard shows. */
  providerPaymentId: string;
  paidAt: Date;
  amountMinor: number;
  currency: string;
  /** What has been refunded of it (succeeded refunds and disputes), in minor units. */
  refundedMinor: number;
  buyerName: string;
  buyerEmail: string;
  /** Null once the course is deleted (the payment stays). */
  courseTitle: string | null;
  instructorName: string | null;
}

const instructors = alias(users, 'instructors');

/** The facts of a payment, read in `db` (a transaction, from fulfilment); undefined when it isn't receiptable. */
export async function readReceiptFacts(db: Database, paymentId: string): Promise<ReceiptFacts | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db
    .select({
      paymentId: payments.id,
      userId: payments.userId,
      providerPaymentId: payments.providerPaymentId,
      paidAt: payments.createdAt,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      buyerName: users.name,
      buyerEmail: users.email,
      courseTitle: courses.title,
      instructorName: instructors.name,
      refundedMinor: sql<string>`coalesce((select sum(${refunds.amountMinor}) from ${refunds}
        where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'succeeded'), 0)`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .leftJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['succeeded', 'refunded'])));
  if (!row) return undefined;
  return {
    paymentId: row.paymentId,
    providerPaymentId: row.providerPaymentId,
    paidAt: row.paidAt,
    amountMinor: row.amountMinor,
    currency: row.currency,
    refundedMinor: Number(row.refundedMinor),
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    courseTitle: row.courseTitle,
    instructorName: row.instructorName,
  };
}

/** The receipt of `paymentId` for its buyer or an admin; 404 for anyone else, as for a payment that isn't there. */
export async function loadReceipt(
  ctx: ServiceContext,
  actor: Actor,
  paymentId: string,
): Promise<ReceiptFacts> {
  const facts = await readReceiptFacts(ctx.db, paymentId);
  if (!facts) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (!can(actor, 'all')) {
    const [owner] = await ctx.db
      .select({ userId: payments.userId })
      .from(payments)
      .where(eq(payments.id, facts.paymentId));
    if (owner?.userId !== actor.id) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  }
  return facts;
}

/** Minor units as `INR 1,234.50` (the currency's code: the PDF's standard fonts have no ₹ sign). */
export function receiptAmount(minor: number, currency: string): string {
  const value = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );
  return `${currency.toUpperCase()} ${value}`;
}

/** The tax a tax-inclusive amount holds at `ratePercent`, rounded half up to the minor unit. */
export function includedTaxMinor(amountMinor: number, ratePercent: number): number {
  return Math.round((amountMinor * ratePercent) / (100 + ratePercent));
}

/** The receipt's lines, label and value, as both the PDF and the e-mail print them. */
export function receiptLines(facts: ReceiptFacts, receipts: Config['receipts']): [string, string][] {
  const lines: [string, string][] = [
    ['Receipt for', `${facts.buyerName} <${facts.buyerEmail}>`],
    ['Date', receiptDate(facts.paidAt)],
    ['Course', facts.courseTitle ?? 'A course since deleted'],
  ];
  if (facts.instructorName) lines.push(['Instructor', facts.instructorName]);
  lines.push(['Amount paid', receiptAmount(facts.amountMinor, facts.currency)]);
  if (receipts.taxRatePercent !== null) {
    lines.push([
      `${receipts.taxLabel} included (${receipts.taxRatePercent}%)`,
      receiptAmount(includedTaxMinor(facts.amountMinor, receipts.taxRatePercent), facts.currency),
    ]);
  }
  if (facts.refundedMinor > 0) lines.push(['Refunded', receiptAmount(facts.refundedMinor, facts.currency)]);
  lines.push(['Payment id', facts.providerPaymentId]);
  lines.push(['Receipt number', facts.paymentId]);
  return lines;
}
