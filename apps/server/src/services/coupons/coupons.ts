/**
 * Coupons (issue 14, item 4): making them, and using one at checkout.
 *
 * Using a coupon reserves one of its uses when the discounted checkout starts (`reserveCoupon`), under the
 * coupon row's lock, so concurrent checkouts queue and the count never passes the limit (the schema's
 * CHECK is the last line of defence). A reservation holds for COUPON_RESERVATION_MINUTES; a lapsed one is
 * released, and its use given back, by the next checkout of that coupon. Fulfilment turns the buyer's
 * reservation into a redemption of the payment (`redeemForPayment`). A student who paid after their
 * reservation lapsed keeps the discount they paid: the use counts again, up to the limit, which a lapsed
 * payment may then exceed by one in the count's favour (the CHECK caps the count, not the honoured use).
 * A full refund gives the use back (`releaseForPayment`). A 100% coupon enrolls without a payment.
 */
import {
  COUPON_RESERVATION_MINUTES,
  type Coupon,
  type CouponPrice,
  type CreateCouponRequest,
} from '@lectio/contracts/coupons';
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import {
  type Coupon as CouponRow,
  couponRedemptions,
  coupons,
  courses,
  type Database,
  isUniqueViolation,
} from '@lectio/db';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { toMajorUnits, toMinorUnits } from '../../lib/money';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';

interface CourseForCoupon {
  id: string;
  instructorId: string;
  priceMinor: number;
}

/** The discount of a coupon on a price: a percent rounded half up, or a fixed amount, never above the price. */
export function discountMinor(
  coupon: Pick<CouponRow, 'kind' | 'percentOff' | 'amountOffMinor'>,
  priceMinor: number,
) {
  const off =
    coupon.kind === 'percent'
      ? Math.floor((priceMinor * (coupon.percentOff ?? 0) + 50) / 100)
      : (coupon.amountOffMinor ?? 0);
  return Math.min(Math.max(off, 0), priceMinor);
}

/** The one answer to a code that is unknown or for other courses: which it is is not the caller's to know. */
const notValidHere = () => badRequest(COUPON_MESSAGES.notValidHere);

/**
 * Why a coupon can't be used on this course now (a 400), or null when it can. Whether it applies comes
 * first: a coupon for other courses answers as an unknown code does, whatever its state (decision 0048).
 */
function refusal(coupon: CouponRow, course: CourseForCoupon, now: Date): AppError | null {
  const applies =
    coupon.scope === 'platform' ||
    (coupon.scope === 'course' && coupon.courseId === course.id) ||
    (coupon.scope === 'instructor' && coupon.instructorId === course.instructorId);
  if (!applies) return notValidHere();
  if (coupon.disabledAt) return badRequest(COUPON_MESSAGES.disabled);
  if (coupon.expiresAt && coupon.expiresAt <= now) return badRequest(COUPON_MESSAGES.expired);
  return null;
}

const byCode = (code: string) => sql`lower(${coupons.code}) = lower(${code})`;

/** The price with a coupon, checked as a checkout would check it but holding nothing (`coupons.preview`). */
export async function previewCoupon(
  ctx: ServiceContext,
  actor: Actor,
  course: CourseForCoupon,
  code: string,
): Promise<CouponPrice> {
  const [coupon] = await ctx.db.select().from(coupons).where(byCode(code));
  if (!coupon) throw notValidHere();
  const refused = refusal(coupon, course, ctx.now());
  if (refused) throw refused;
  const [mine] = await ctx.db
    .select()
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, actor.id)));
  if (mine?.status === 'redeemed') throw badRequest(COUPON_MESSAGES.alreadyUsed);
  const holdsOne = mine?.status === 'reserved' && (mine.expiresAt ?? new Date(0)) > ctx.now();
  if (!holdsOne && coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions) {
    // Lapsed reservations would free uses at the next checkout: count them as free here too.
    const [lapsed] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, coupon.id),
          eq(couponRedemptions.status, 'reserved'),
          lte(couponRedemptions.expiresAt, ctx.now()),
        ),
      );
    if (!lapsed?.n) throw badRequest(COUPON_MESSAGES.usedUp);
  }
  const discount = discountMinor(coupon, course.priceMinor);
  return {
    code: coupon.code,
    listPrice: toMajorUnits(course.priceMinor),
    discount: toMajorUnits(discount),
    amount: toMajorUnits(course.priceMinor - discount),
    currency: ctx.config.payments.currency,
  };
}

export interface Reservation {
  couponId: string;
  code: string;
  discountMinor: number;
  amountMinor: number;
}

/**
 * Holds one use of the coupon `code` for `actor` buying `course`, in one transaction under the coupon's
 * lock. A buyer's unexpired reservation is reused (a retried checkout holds nothing more).
 */
export async function reserveCoupon(
  ctx: ServiceContext,
  actor: Actor,
  course: CourseForCoupon,
  code: string,
): Promise<Reservation> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + COUPON_RESERVATION_MINUTES * 60_000);
  return ctx.db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(byCode(code)).for('update');
    if (!coupon) throw notValidHere();
    const refused = refusal(coupon, course, now);
    if (refused) throw refused;

    // Lapsed reservations give their uses back first.
    const lapsed = await tx
      .update(couponRedemptions)
      .set({ status: 'released', expiresAt: null })
      .where(
        and(
          eq(couponRedemptions.couponId, coupon.id),
          eq(couponRedemptions.status, 'reserved'),
          lte(couponRedemptions.expiresAt, now),
        ),
      )
      .returning({ id: couponRedemptions.id });
    let count = coupon.redemptionCount - lapsed.length;

    const discount = discountMinor(coupon, course.priceMinor);
    const [mine] = await tx
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, actor.id)));
    if (mine?.status === 'redeemed') throw badRequest(COUPON_MESSAGES.alreadyUsed);
    if (mine?.status !== 'reserved') {
      if (coupon.maxRedemptions !== null && count >= coupon.maxRedemptions) {
        if (lapsed.length > 0)
          await tx.update(coupons).set({ redemptionCount: count }).where(eq(coupons.id, coupon.id));
        throw badRequest(COUPON_MESSAGES.usedUp);
      }
      count += 1;
    }
    await tx.update(coupons).set({ redemptionCount: count }).where(eq(coupons.id, coupon.id));
    const values = {
      courseId: course.id,
      status: 'reserved' as const,
      discountMinor: discount,
      expiresAt,
      paymentId: null,
    };
    if (mine) await tx.update(couponRedemptions).set(values).where(eq(couponRedemptions.id, mine.id));
    else
      await tx
        .insert(couponRedemptions)
        .values({ couponId: coupon.id, userId: actor.id, createdAt: now, ...values });
    return {
      couponId: coupon.id,
      code: coupon.code,
      discountMinor: discount,
      amountMinor: course.priceMinor - discount,
    };
  });
}

/**
 * In fulfilment's transaction: the buyer's reservation for this course, at the price paid, becomes the
 * redemption of `paymentId`. One that lapsed (released) meanwhile is honoured and counted again, up to the
 * limit. Returns false when the payment used no coupon.
 */
export async function redeemForPayment(
  tx: Database,
  input: { userId: string; courseId: string; paymentId: string; listPriceMinor: number; paidMinor: number },
): Promise<boolean> {
  if (input.paidMinor >= input.listPriceMinor) return false;
  const [held] = await tx
    .select({
      id: couponRedemptions.id,
      couponId: couponRedemptions.couponId,
      status: couponRedemptions.status,
    })
    .from(couponRedemptions)
    .where(reservationForPrice(input))
    .for('update');
  if (!held) return false;
  await tx
    .update(couponRedemptions)
    .set({ status: 'redeemed', paymentId: input.paymentId, expiresAt: null })
    .where(eq(couponRedemptions.id, held.id));
  if (held.status === 'released') {
    // A reservation released as lapsed gave its use back: take it again, up to the limit.
    await tx
      .update(coupons)
      .set({
        redemptionCount: sql`least(${coupons.redemptionCount} + 1, coalesce(${coupons.maxRedemptions}, ${coupons.redemptionCount} + 1))`,
      })
      .where(eq(coupons.id, held.couponId));
  }
  return true;
}

/** Whether a price paid matches a reservation of the buyer's for the course (fulfilment without a pending row). */
export async function reservedPriceMatches(
  db: Database,
  input: { userId: string; courseId: string; listPriceMinor: number; paidMinor: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(reservationForPrice(input));
  return !!row;
}

/** The buyer's reservation (held, or released as lapsed) for the course whose discount explains the price paid. */
function reservationForPrice(input: {
  userId: string;
  courseId: string;
  listPriceMinor: number;
  paidMinor: number;
}) {
  return and(
    eq(couponRedemptions.userId, input.userId),
    eq(couponRedemptions.courseId, input.courseId),
    inArray(couponRedemptions.status, ['reserved', 'released']),
    eq(couponRedemptions.discountMinor, input.listPriceMinor - input.paidMinor),
  );
}

/** A full refund gives the coupon use of the payment back. */
export async function releaseForPayment(tx: Database, paymentId: string): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(eq(couponRedemptions.paymentId, paymentId), eq(couponRedemptions.status, 'redeemed')))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released)
    await tx
      .update(coupons)
      .set({ redemptionCount: sql`greatest(${coupons.redemptionCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
}

// ---------------------------------------------------------------------------------------------
// Making and listing coupons

function presentCoupon(row: CouponRow, courseTitle: string | null): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOffMinor === null ? null : toMajorUnits(row.amountOffMinor),
    scope: row.scope,
    courseId: row.courseId,
    courseTitle,
    instructorId: row.instructorId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptionCount,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Coupons an actor manages: an admin all of them; an instructor those of their courses or all their courses. */
function managedBy(actor: Actor) {
  if (can(actor, 'all')) return undefined;
  return or(
    eq(coupons.instructorId, actor.id),
    inArray(
      coupons.courseId,
      sql`(select ${courses.id} from ${courses} where ${courses.instructorId} = ${actor.id})`,
    ),
  );
}

export async function createCoupon(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateCouponRequest,
): Promise<Coupon> {
  const admin = can(actor, 'all');
  if (
    (input.kind === 'percent') !== (input.percentOff !== undefined) ||
    (input.kind === 'fixed') !== (input.amountOff !== undefined)
  )
    throw badRequest(COUPON_MESSAGES.kindMismatch);
  if (input.expiresAt !== undefined && new Date(input.expiresAt) <= ctx.now())
    throw badRequest(COUPON_MESSAGES.expiryInPast);
  let courseId: string | null = null;
  let courseTitle: string | null = null;
  let instructorId: string | null = null;
  if (input.scope === 'course') {
    if (!input.courseId) throw badRequest(COUPON_MESSAGES.courseRequired);
    const [course] = isUuid(input.courseId)
      ? await ctx.db
          .select({ id: courses.id, title: courses.title, instructorId: courses.instructorId })
          .from(courses)
          .where(eq(courses.id, input.courseId))
      : [];
    // Another instructor's course is "not found", as everywhere (decision 0007).
    if (!course || (!admin && course.instructorId !== actor.id)) throw notFound('Course not found');
    courseId = course.id;
    courseTitle = course.title;
  } else if (input.scope === 'instructor') {
    instructorId = actor.id;
  } else if (!admin) {
    throw forbidden(COUPON_MESSAGES.platformAdminOnly);
  }
  try {
    const [row] = await ctx.db
      .insert(coupons)
      .values({
        code: input.code,
        kind: input.kind,
        percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
        amountOffMinor:
          input.kind === 'fixed' && input.amountOff !== undefined ? toMinorUnits(input.amountOff) : null,
        scope: input.scope,
        courseId,
        instructorId,
        createdBy: actor.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        maxRedemptions: input.maxRedemptions ?? null,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    if (!row) throw new Error('coupon insert returned no row');
    return presentCoupon(row, courseTitle);
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_lower_unique')) throw conflict(COUPON_MESSAGES.codeTaken);
    throw error;
  }
}

export async function listCoupons(
  ctx: ServiceContext,
  actor: Actor,
  input: { cursor?: string | undefined; limit: number },
): Promise<{ coupons: Coupon[]; nextCursor: string | null }> {
  const { after, order } = newestFirst(coupons.createdAt, coupons.id, input.cursor);
  const rows = await ctx.db
    .select({ coupon: coupons, courseTitle: courses.title })
    .from(coupons)
    .leftJoin(courses, eq(courses.id, coupons.courseId))
    .where(and(managedBy(actor), after))
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => row.coupon);
  return { coupons: page.map((row) => presentCoupon(row.coupon, row.courseTitle)), nextCursor };
}

export async function setCouponDisabled(
  ctx: ServiceContext,
  actor: Actor,
  input: { id: string; disabled: boolean },
): Promise<{ coupon: Coupon }> {
  const [row] = isUuid(input.id)
    ? await ctx.db
        .update(coupons)
        .set({ disabledAt: input.disabled ? ctx.now() : null, updatedAt: ctx.now() })
        .where(and(eq(coupons.id, input.id), managedBy(actor)))
        .returning()
    : [];
  if (!row) throw notFound('Coupon not found');
  const [course] = row.courseId
    ? await ctx.db.select({ title: courses.title }).from(courses).where(eq(courses.id, row.courseId))
    : [];
  return { coupon: presentCoupon(row, course?.title ?? null) };
}

/** A 100% coupon: the buyer's reservation becomes a redemption without a payment, in the enrollment's transaction. */
export async function redeemFree(
  tx: Database,
  input: { userId: string; courseId: string; discountMinor: number },
): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: 'redeemed', paymentId: null, expiresAt: null })
    .where(
      and(
        eq(couponRedemptions.userId, input.userId),
        eq(couponRedemptions.courseId, input.courseId),
        eq(couponRedemptions.status, 'reserved'),
        eq(couponRedemptions.discountMinor, input.discountMinor),
      ),
    );
}
