/**
 * Instructor payouts (docs/ARCHITECTURE.md, "Money": separate charges and transfers).
 *
 * - Onboarding: the instructor's connected account is created at the provider on first use (Stripe
 *   Connect Express; the test driver simulates it) and `payout_accounts` remembers it; the provider's
 *   onboarding link comes back to the earnings page, which re-reads the account's state.
 * - A payout sends what is available (the balance less the share still inside the refund window;
 *   earnings.ts `payableNow`), never inside a transaction with the provider:
 *   1. tx1, under the payout account's row lock (one payout per instructor at a time): a `pending` payout
 *      row and its ledger group (instructor_payable +amount, provider_balance -amount), so the balance
 *      drops at once and a second payout can't send the same money;
 *   2. the provider's transfer, with the payout's id as idempotency key;
 *   3. tx2: `paid` with the transfer id; or, when the provider refused, `failed` with the reason and a
 *      `payout_reversal` group that gives the balance back. When the provider couldn't be reached the
 *      payout stays `pending`: the transfer may have happened, so paying again retries the same key.
 * - A refund after a payout (the instructor's balance below zero) reverses that much of their latest
 *   transfers: `reverseTransfersAfterRefund`, called once the refund is settled.
 */

import { randomUUID } from 'node:crypto';
import { PAYOUT_MESSAGES } from '@lectio/contracts/messages';
import type { OwedInstructor, Payout as PayoutView } from '@lectio/contracts/payouts';
import {
  type Database,
  ledgerEntries,
  ledgerInstructorTotals,
  type Payout,
  type PayoutAccount,
  payoutAccounts,
  payouts,
  users,
} from '@lectio/db';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { toMajorUnits } from '../../lib/money';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { payableNow, shareInRefundWindow, sharesInRefundWindow } from '../earnings/earnings';
import { instructorBalance } from '../ledger/ledger';
import { notifyPayout } from '../notifications/events';
import { exactInstant } from '../reviews/review-rows';

const OWED_MAX = 100;

/** What the admin's reads need of the service context (also what the admin bench builds). */
type ReadContext = Pick<ServiceContext, 'db' | 'config' | 'now'>;

function accountState(snapshot: { detailsSubmitted: boolean; transfersActive: boolean }) {
  return {
    status: snapshot.transfersActive ? 'active' : snapshot.detailsSubmitted ? 'restricted' : 'onboarding',
    payoutsEnabled: snapshot.transfersActive,
  } as const;
}

const presentAccount = (account: PayoutAccount) => ({
  status: account.status,
  payoutsEnabled: account.payoutsEnabled,
  provider: account.provider,
});

/** Only instructors sell for a share; an admin's own courses are the platform's. */
async function requireInstructor(ctx: ServiceContext, actor: Actor) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, actor.id));
  if (user?.role !== 'instructor') throw forbidden(PAYOUT_MESSAGES.instructorsOnly);
  return user;
}

/** Re-reads the account at the provider and stores its state. */
async function refreshAccount(ctx: ServiceContext, account: PayoutAccount): Promise<PayoutAccount> {
  const snapshot = await ctx.payments.retrieveConnectedAccount(account.providerAccountId);
  if (!snapshot) return account;
  const state = accountState(snapshot);
  if (state.status === account.status && state.payoutsEnabled === account.payoutsEnabled) return account;
  const [updated] = await ctx.db
    .update(payoutAccounts)
    .set({ ...state, updatedAt: ctx.now() })
    .where(eq(payoutAccounts.userId, account.userId))
    .returning();
  return updated ?? account;
}

/** payouts.account: the caller's payout account, its state re-read from the provider. */
export async function myPayoutAccount(ctx: ServiceContext, actor: Actor) {
  const [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, actor.id));
  if (!account) return { account: null };
  return { account: presentAccount(await refreshAccount(ctx, account)) };
}

/** payouts.startOnboarding: creates the connected account on first use, answers the onboarding link. */
export async function startOnboarding(ctx: ServiceContext, actor: Actor): Promise<{ url: string }> {
  const user = await requireInstructor(ctx, actor);
  let [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
  if (!account) {
    // The key makes a retry (or a double click racing) get the same account back from the provider.
    const created = await ctx.payments.createConnectedAccount({
      userId: user.id,
      email: user.email,
      idempotencyKey: `payout-account:${user.id}`,
    });
    await ctx.db
      .insert(payoutAccounts)
      .values({
        userId: user.id,
        provider: ctx.payments.name,
        providerAccountId: created.id,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .onConflictDoNothing();
    [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
    if (!account) throw new Error(`payout account of ${user.id} vanished`);
    // The test driver's accounts are ready at once; Stripe's answer "onboarding" until the form is done.
    account = await refreshAccount(ctx, account);
  }
  const earnings = `${ctx.config.publicUrl}/dashboard/instructor/earnings`;
  return ctx.payments.createOnboardingLink({
    accountId: account.providerAccountId,
    returnUrl: `${earnings}?onboarding=return`,
    refreshUrl: `${earnings}?onboarding=refresh`,
  });
}

/** What a payout took back already through transfer reversals (minor units, positive). */
async function reversedOf(db: Database, payoutIds: string[]): Promise<Map<string, number>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await db
    .select({
      payoutId: ledgerEntries.payoutId,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.payoutId, payoutIds),
        eq(ledgerEntries.event, 'payout_reversal'),
        eq(ledgerEntries.account, 'provider_balance'),
        isNotNull(ledgerEntries.refundId),
      ),
    )
    .groupBy(ledgerEntries.payoutId);
  return new Map(rows.map((row) => [row.payoutId ?? '', Number(row.total)]));
}

async function presentPayouts(db: Database, rows: { payout: Payout; name: string }[]): Promise<PayoutView[]> {
  const reversed = await reversedOf(
    db,
    rows.map((row) => row.payout.id),
  );
  return rows.map(({ payout, name }) => ({
    _id: payout.id,
    instructorId: payout.instructorId,
    instructorName: name,
    amount: toMajorUnits(payout.amountMinor),
    reversed: toMajorUnits(reversed.get(payout.id) ?? 0),
    currency: payout.currency,
    status: payout.status,
    transferId: payout.providerTransferId,
    failureReason: payout.failureReason,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
  }));
}

/** payouts.list: an instructor's own payouts; an admin's, everyone's or one instructor's. */
export async function listPayouts(
  ctx: ServiceContext,
  actor: Actor,
  input: { instructorId?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ payouts: PayoutView[]; nextCursor: string | null }> {
  const isAdmin = actor.role === 'admin';
  const instructorId = isAdmin ? input.instructorId : actor.id;
  const { after, order } = newestFirst(payouts.createdAt, payouts.id, input.cursor);
  const rows = await ctx.db
    .select({ payout: payouts, name: users.name, exact: exactInstant(payouts.createdAt) })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.instructorId))
    .where(and(instructorId ? eq(payouts.instructorId, instructorId) : undefined, after))
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    createdAt: row.exact,
    id: row.payout.id,
  }));
  return { payouts: await presentPayouts(ctx.db, page), nextCursor };
}

/**
 * payouts.owed (admins): the instructors the platform owes most (largest balance first, at most
 * OWED_MAX), with what of it is available now. Read from ledger_instructor_totals through its partial
 * index, so it costs the same for ten instructors as for a hundred thousand.
 */
export async function payoutsOwed(
  ctx: ReadContext,
): Promise<{ instructors: OwedInstructor[]; total: number }> {
  // Written as the partial index's own predicate (literals, not parameters), so the planner can use it.
  const owing = sql`(${ledgerInstructorTotals.balanceMinor} <> 0 or ${ledgerInstructorTotals.paidMinor} <> 0)`;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        instructorId: ledgerInstructorTotals.instructorId,
        balance: ledgerInstructorTotals.balanceMinor,
        paid: ledgerInstructorTotals.paidMinor,
        name: users.name,
        email: users.email,
      })
      .from(ledgerInstructorTotals)
      .innerJoin(users, eq(users.id, ledgerInstructorTotals.instructorId))
      .where(owing)
      // NULLS LAST as the index has it (DESC alone means NULLS FIRST, which the index can't give in order).
      .orderBy(
        sql`${ledgerInstructorTotals.balanceMinor} desc nulls last`,
        ledgerInstructorTotals.instructorId,
      )
      .limit(OWED_MAX),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerInstructorTotals).where(owing),
  ]);
  const ids = rows.map((row) => row.instructorId);
  const [accounts, shares] = await Promise.all([
    ids.length ? ctx.db.select().from(payoutAccounts).where(inArray(payoutAccounts.userId, ids)) : [],
    sharesInRefundWindow(ctx, ctx.db, ids),
  ]);
  const accountOf = new Map(accounts.map((account) => [account.userId, account]));
  return {
    instructors: rows.map((row) => {
      const { pending, available } = payableNow(row.balance, shares.get(row.instructorId) ?? 0);
      const account = accountOf.get(row.instructorId);
      return {
        instructorId: row.instructorId,
        name: row.name,
        email: row.email,
        balance: toMajorUnits(row.balance),
        pending: toMajorUnits(pending),
        available: toMajorUnits(available),
        paid: toMajorUnits(row.paid),
        account: account ? presentAccount(account) : null,
      };
    }),
    total: counted?.n ?? 0,
  };
}

/** A payout group: the instructor's liability goes down by `amount`, the platform's balance with it. */
function payoutRows(
  ctx: ServiceContext,
  payout: Payout,
  event: 'payout' | 'payout_reversal',
  amountMinor: number,
  refundId: string | null,
) {
  const common = {
    entryGroup: randomUUID(),
    event,
    currency: payout.currency,
    payoutId: payout.id,
    refundId,
    createdAt: ctx.now(),
  };
  const sign = event === 'payout' ? 1 : -1;
  return [
    {
      ...common,
      account: 'instructor_payable' as const,
      instructorId: payout.instructorId,
      amountMinor: sign * amountMinor,
    },
    { ...common, account: 'provider_balance' as const, amountMinor: -sign * amountMinor },
  ];
}

/** tx1: a pending payout of what is available (or the payout still pending), under the account's lock. */
async function reservePayout(
  ctx: ServiceContext,
  instructorId: string,
): Promise<{ payout: Payout; account: PayoutAccount }> {
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, instructorId))
      .for('update');
    if (!account?.payoutsEnabled) throw conflict(PAYOUT_MESSAGES.notOnboarded);
    const [stillPending] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.instructorId, instructorId), eq(payouts.status, 'pending')))
      .orderBy(payouts.createdAt)
      .limit(1);
    if (stillPending) return { payout: stillPending, account };
    const balance = await instructorBalance(tx, instructorId);
    const { available } = payableNow(balance, await shareInRefundWindow(ctx, tx, instructorId));
    if (available <= 0) throw conflict(PAYOUT_MESSAGES.nothingToPay);
    const [payout] = await tx
      .insert(payouts)
      .values({
        instructorId,
        amountMinor: available,
        currency: ctx.config.payments.currency,
        status: 'pending',
        createdAt: ctx.now(),
      })
      .returning();
    if (!payout) throw new Error('payout insert returned nothing');
    await tx.insert(ledgerEntries).values(payoutRows(ctx, payout, 'payout', payout.amountMinor, null));
    return { payout, account };
  });
}

/** payouts.pay (admins): pays the instructor what is available now (or retries their pending payout). */
export async function payInstructor(
  ctx: ServiceContext,
  input: { instructorId: string },
): Promise<PayoutView> {
  const [instructor] = await ctx.db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, input.instructorId));
  if (instructor?.role !== 'instructor') throw notFound(PAYOUT_MESSAGES.instructorNotFound);
  // An account not ready when last read may have finished onboarding since (no webhook needed).
  const [known] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, instructor.id));
  if (known && !known.payoutsEnabled) await refreshAccount(ctx, known);
  const { payout, account } = await reservePayout(ctx, instructor.id);

  let transferId: string;
  try {
    ({ id: transferId } = await ctx.payments.createTransfer({
      accountId: account.providerAccountId,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
      idempotencyKey: payout.id,
      metadata: { payoutId: payout.id, instructorId: instructor.id },
    }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
      // It may have gone through: the payout stays pending and the next attempt retries the same key.
      await ctx.db
        .update(payouts)
        .set({ failureReason: error.message })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
      throw new AppError('SERVICE_UNAVAILABLE', `${error.message} ${PAYOUT_MESSAGES.stillPending}`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    await ctx.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(payouts)
        .set({ status: 'failed', failureReason: reason })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
        .returning();
      if (failed)
        await tx
          .insert(ledgerEntries)
          .values(payoutRows(ctx, payout, 'payout_reversal', payout.amountMinor, null));
    });
    throw new AppError('PAYMENT_FAILED', PAYOUT_MESSAGES.providerFailed(reason));
  }

  const paid = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({ status: 'paid', providerTransferId: transferId, failureReason: null, paidAt: ctx.now() })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
      .returning();
    // A concurrent retry of the same pending payout (same transfer, same idempotency key) marked it paid
    // first: it is answered as it is now, and the instructor is told once.
    if (!row) return (await tx.select().from(payouts).where(eq(payouts.id, payout.id)))[0];
    await notifyPayout(tx, ctx.now(), {
      instructorId: instructor.id,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
    });
    return row;
  });
  const [view] = await presentPayouts(ctx.db, [{ payout: paid ?? payout, name: instructor.name }]);
  if (!view) throw new Error('payout vanished');
  return view;
}

/**
 * After a refund or dispute is settled: when it left the instructor owing (balance below zero) because
 * their share had been paid out, takes that much back from their latest paid transfers. Each reversal is
 * made at the provider first (idempotency key `${refundId}:${payoutId}`), then written as a
 * `payout_reversal` group naming the refund and the payout, once. A failure is answered (not thrown): the
 * negative balance is then netted against the instructor's next sales.
 */
export async function reverseTransfersAfterRefund(
  ctx: ServiceContext,
  refundId: string,
): Promise<{ reversedMinor: number; error?: unknown }> {
  let reversedMinor = 0;
  const [row] = await ctx.db
    .select({ instructorId: ledgerEntries.instructorId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refundId, refundId), isNotNull(ledgerEntries.instructorId)))
    .limit(1);
  const instructorId = row?.instructorId;
  if (!instructorId) return { reversedMinor };
  let owing = -(await instructorBalance(ctx.db, instructorId));
  if (owing <= 0) return { reversedMinor };
  const paid = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.instructorId, instructorId), eq(payouts.status, 'paid')))
    .orderBy(desc(payouts.paidAt), desc(payouts.id));
  const reversed = await reversedOf(
    ctx.db,
    paid.map((payout) => payout.id),
  );
  for (const payout of paid) {
    if (owing <= 0 || !payout.providerTransferId) break;
    const left = payout.amountMinor - (reversed.get(payout.id) ?? 0);
    const amount = Math.min(left, owing);
    if (amount <= 0) continue;
    try {
      await ctx.payments.reverseTransfer({
        transferId: payout.providerTransferId,
        amountMinor: amount,
        idempotencyKey: `${refundId}:${payout.id}`,
      });
    } catch (error) {
      return { reversedMinor, error };
    }
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payouts).where(eq(payouts.id, payout.id)).for('update');
      if (!locked) return;
      const [done] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.payoutId, payout.id),
            eq(ledgerEntries.refundId, refundId),
            eq(ledgerEntries.event, 'payout_reversal'),
          ),
        )
        .limit(1);
      if (done) return;
      await tx.insert(ledgerEntries).values(payoutRows(ctx, payout, 'payout_reversal', amount, refundId));
      if (amount === left)
        await tx.update(payouts).set({ status: 'reversed' }).where(eq(payouts.id, payout.id));
    });
    owing -= amount;
    reversedMinor += amount;
  }
  return { reversedMinor };
}
