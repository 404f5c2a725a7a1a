/**
 * The ledger's guarantees that live in the schema (migration 0007): the rows of an entry group balance at
 * commit, instructor rows name their instructor, rows are never edited or deleted, and coupon counts can't
 * pass their limit. The services' rules (what a sale or refund writes) are tested in apps/server.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isCheckViolation, pgErrorCode } from '../src/client';
import {
  coupons,
  ledgerEntries,
  ledgerInstructorTotals,
  ledgerMonthlyTotals,
  ledgerPlatformMonthlyTotals,
  type NewLedgerEntry,
} from '../src/schema/index';
import { createCourse, createPayment, createUser } from '../src/seed/factories';
import { createTestDatabase, resetDatabase, type TestDatabase } from '../src/testing';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await resetDatabase(handle.db);
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

async function saleRows(gross: number, fee: number, commission: number): Promise<NewLedgerEntry[]> {
  const instructor = await createUser(handle.db, { role: 'instructor' });
  const student = await createUser(handle.db);
  const course = await createCourse(handle.db, { instructorId: instructor.id });
  const payment = await createPayment(handle.db, {
    userId: student.id,
    courseId: course.id,
    amountMinor: gross,
    status: 'succeeded',
  });
  const entryGroup = randomUUID();
  const common = {
    entryGroup,
    event: 'sale' as const,
    currency: 'INR',
    paymentId: payment.id,
    courseId: course.id,
  };
  return [
    { ...common, account: 'provider_balance', amountMinor: gross - fee },
    { ...common, account: 'provider_fees', amountMinor: fee },
    { ...common, account: 'platform_commission', amountMinor: -commission },
    {
      ...common,
      account: 'instructor_payable',
      instructorId: instructor.id,
      amountMinor: -(gross - commission),
    },
  ];
}

describe('ledger entries', () => {
  it('commits a group that sums to zero, written row by row in one transaction', async () => {
    // 99,900 gross, 2,997 kept by the provider; the platform's 20% of the 96,903 net plus the fee it paid.
    const rows = await saleRows(99_900, 2_997, 2_997 + 19_381);
    await handle.db.transaction(async (tx) => {
      for (const row of rows) await tx.insert(ledgerEntries).values(row);
    });
    const [sum] = await handle.db
      .select({ total: sql<string>`sum(${ledgerEntries.amountMinor})` })
      .from(ledgerEntries);
    expect(Number(sum?.total)).toBe(0);
  });

  it('rolls back a group that does not balance, at commit', async () => {
    const rows = await saleRows(99_900, 0, 19_980);
    const unbalanced = rows.map((row, index) =>
      index === 0 ? { ...row, amountMinor: row.amountMinor + 1 } : row,
    );
    const err = await rejection(handle.db.insert(ledgerEntries).values(unbalanced));
    expect(pgErrorCode(err)).toBe('23514');
    expect(String((err as { cause?: unknown }).cause ?? err)).toMatch(/does not balance/);
    expect(await handle.db.select().from(ledgerEntries)).toEqual([]);
  });

  it('requires the instructor on instructor_payable rows and only there', async () => {
    const rows = await saleRows(10_000, 0, 2_000);
    const withoutInstructor = rows.map((row) => ({ ...row, instructorId: null }));
    expect(isCheckViolation(await rejection(handle.db.insert(ledgerEntries).values(withoutInstructor)))).toBe(
      true,
    );
    const instructorId = rows[3]?.instructorId ?? null;
    const everywhere = rows.map((row) => ({ ...row, instructorId }));
    expect(isCheckViolation(await rejection(handle.db.insert(ledgerEntries).values(everywhere)))).toBe(true);
  });

  it('refuses to edit or delete a row: corrections are new rows', async () => {
    await handle.db.insert(ledgerEntries).values(await saleRows(10_000, 0, 2_000));
    const [first] = await handle.db.select().from(ledgerEntries).limit(1);
    const edit = rejection(
      handle.db
        .update(ledgerEntries)
        .set({ amountMinor: 0 })
        .where(eq(ledgerEntries.id, first?.id ?? '')),
    );
    expect(String(((await edit) as { cause?: unknown }).cause ?? '')).toMatch(/append-only/);
    const removal = rejection(handle.db.delete(ledgerEntries).where(eq(ledgerEntries.id, first?.id ?? '')));
    expect(String(((await removal) as { cause?: unknown }).cause ?? '')).toMatch(/append-only/);
    expect(await handle.db.select().from(ledgerEntries)).toHaveLength(4);
  });
});

describe('ledger_monthly_totals', () => {
  it('equals the ledger summed by month, account, event, instructor and course', async () => {
    const groups = [await saleRows(10_000, 300, 2_300), await saleRows(5_000, 0, 1_000)];
    // One sale in another month, and two groups in one statement.
    const march = new Date('2030-03-31T23:59:59Z');
    await handle.db
      .insert(ledgerEntries)
      .values((groups[0] ?? []).map((row) => ({ ...row, createdAt: march })));
    const second = groups[1] ?? [];
    const otherGroup = randomUUID();
    const again = second.map((row) => ({ ...row, entryGroup: otherGroup }));
    await handle.db.insert(ledgerEntries).values([...second, ...again]);

    const fromLedger = await handle.db.execute<Record<string, unknown>>(sql`
      select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month, account, event,
             instructor_id, course_id, sum(amount_minor)::bigint as amount, count(*)::int as entries
      from ledger_entries group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    const totals = await handle.db
      .select()
      .from(ledgerMonthlyTotals)
      .orderBy(
        ledgerMonthlyTotals.month,
        ledgerMonthlyTotals.account,
        ledgerMonthlyTotals.event,
        ledgerMonthlyTotals.instructorId,
        ledgerMonthlyTotals.courseId,
      );
    const rowsOf = (result: unknown) =>
      (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
        string,
        unknown
      >[];
    expect(
      totals.map((row) => [
        row.month,
        row.account,
        row.event,
        row.instructorId,
        row.courseId,
        row.amountMinor,
        row.entries,
      ]),
    ).toEqual(
      rowsOf(fromLedger).map((row) => [
        row.month,
        row.account,
        row.event,
        row.instructor_id,
        row.course_id,
        Number(row.amount),
        row.entries,
      ]),
    );
    expect(totals.some((row) => row.month === '2030-03-01')).toBe(true);

    const platform = await handle.db
      .select()
      .from(ledgerPlatformMonthlyTotals)
      .orderBy(
        ledgerPlatformMonthlyTotals.month,
        ledgerPlatformMonthlyTotals.account,
        ledgerPlatformMonthlyTotals.event,
      );
    const platformFromLedger = await handle.db.execute<Record<string, unknown>>(sql`
      select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month, account, event,
             sum(amount_minor)::bigint as amount, count(*)::int as entries
      from ledger_entries group by 1, 2, 3 order by 1, 2, 3`);
    expect(platform.map((row) => [row.month, row.account, row.event, row.amountMinor, row.entries])).toEqual(
      rowsOf(platformFromLedger).map((row) => [
        row.month,
        row.account,
        row.event,
        Number(row.amount),
        row.entries,
      ]),
    );
    expect(totals.find((row) => row.entries === 2)).toBeDefined();

    // ledger_instructor_totals (migration 0009): each instructor's balance and payouts so far.
    const sample = second.find((row) => row.account === 'instructor_payable');
    const payoutGroup = randomUUID();
    await handle.db.insert(ledgerEntries).values([
      {
        ...sample,
        entryGroup: payoutGroup,
        event: 'payout',
        account: 'instructor_payable',
        amountMinor: 700,
      },
      {
        ...sample,
        entryGroup: payoutGroup,
        event: 'payout',
        account: 'provider_balance',
        instructorId: null,
        amountMinor: -700,
      },
    ] as (typeof ledgerEntries.$inferInsert)[]);
    const perInstructor = await handle.db
      .select()
      .from(ledgerInstructorTotals)
      .orderBy(ledgerInstructorTotals.instructorId);
    const perInstructorFromLedger = await handle.db.execute<Record<string, unknown>>(sql`
      select instructor_id, -sum(amount_minor)::bigint as balance,
             coalesce(sum(amount_minor) filter (where event in ('payout', 'payout_reversal')), 0)::bigint as paid
      from ledger_entries where instructor_id is not null group by 1 order by 1`);
    expect(perInstructor.map((row) => [row.instructorId, row.balanceMinor, row.paidMinor])).toEqual(
      rowsOf(perInstructorFromLedger).map((row) => [
        row.instructor_id,
        Number(row.balance),
        Number(row.paid),
      ]),
    );
    expect(perInstructor.some((row) => row.paidMinor === 700)).toBe(true);
  });
});

describe('coupons', () => {
  it('never counts more redemptions than the limit, and the code is unique whatever its case', async () => {
    const [coupon] = await handle.db
      .insert(coupons)
      .values({ code: 'HALF50', kind: 'percent', percentOff: 50, scope: 'platform', maxRedemptions: 1 })
      .returning();
    await handle.db
      .update(coupons)
      .set({ redemptionCount: 1 })
      .where(eq(coupons.id, coupon?.id ?? ''));
    const over = await rejection(
      handle.db
        .update(coupons)
        .set({ redemptionCount: 2 })
        .where(eq(coupons.id, coupon?.id ?? '')),
    );
    expect(isCheckViolation(over)).toBe(true);
    const twin = await rejection(
      handle.db
        .insert(coupons)
        .values({ code: 'half50', kind: 'fixed', amountOffMinor: 100, scope: 'platform' }),
    );
    expect(pgErrorCode(twin)).toBe('23505');
  });

  it('refuses a percent outside 1-100 and a scope without its target', async () => {
    const badPercent = rejection(
      handle.db.insert(coupons).values({ code: 'X1', kind: 'percent', percentOff: 0, scope: 'platform' }),
    );
    expect(isCheckViolation(await badPercent)).toBe(true);
    const noCourse = rejection(
      handle.db.insert(coupons).values({ code: 'X2', kind: 'percent', percentOff: 10, scope: 'course' }),
    );
    expect(isCheckViolation(await noCourse)).toBe(true);
  });
});
