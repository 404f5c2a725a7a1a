/**
 * How a coupon reads on the coupons screen: its discount, what it applies to, its uses, its expiry and
 * its state; the share link of a course coupon; and a failed call's text for the form.
 */
import type { Coupon } from '@lectio/contracts/coupons';
import { formatCount, formatDateTime } from '~/features/admin/format';
import { formatPrice } from '~/features/catalog/course-card-format';
import { type CouponState, COUPONS_TEXT as TEXT } from './coupon-text';

/** '50% off' or '₹10.00 off' (amounts are major units, in the platform currency like every course price). */
export function formatDiscount(coupon: Pick<Coupon, 'kind' | 'percentOff' | 'amountOff'>): string {
  return coupon.kind === 'percent'
    ? TEXT.percentOff(coupon.percentOff ?? 0)
    : TEXT.amountOff(formatPrice(coupon.amountOff ?? 0));
}

/**
 * The course's title, 'All your courses' (an instructor's own coupon for all their courses; for an admin,
 * one they made themself), 'All courses of one instructor' (another instructor's, seen by an admin) or
 * 'Every course'.
 */
export function formatAppliesTo(
  coupon: Pick<Coupon, 'scope' | 'courseTitle' | 'instructorId'>,
  viewerId: string | null,
): string {
  if (coupon.scope === 'course') return coupon.courseTitle ?? TEXT.deletedCourse;
  if (coupon.scope === 'platform') return TEXT.everyCourse;
  return coupon.instructorId === viewerId ? TEXT.allYourCourses : TEXT.allInstructorCourses;
}

/** '3 of 5', or '3 used' without a limit. */
export function formatUses(coupon: Pick<Coupon, 'redemptions' | 'maxRedemptions'>): string {
  const uses = formatCount(coupon.redemptions);
  return coupon.maxRedemptions === null
    ? TEXT.usesNoLimit(uses)
    : TEXT.usesOf(uses, formatCount(coupon.maxRedemptions));
}

/** '5 Mar 2026, 2:05 pm', or 'Never'. */
export function formatExpiry(coupon: Pick<Coupon, 'expiresAt'>): string {
  return coupon.expiresAt === null ? TEXT.neverExpires : formatDateTime(coupon.expiresAt);
}

/** Disabled first (an admin's or instructor's choice), then expired, then used up. */
export function couponState(
  coupon: Pick<Coupon, 'disabled' | 'expiresAt' | 'redemptions' | 'maxRedemptions'>,
  now: Date = new Date(),
): CouponState {
  if (coupon.disabled) return 'disabled';
  if (coupon.expiresAt !== null && new Date(coupon.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'usedUp';
  return 'active';
}

/** The course page with the code filled in: `{origin}/course/{courseId}?coupon={code}`. */
export function shareLink(origin: string, courseId: string, code: string): string {
  return `${origin}/course/${encodeURIComponent(courseId)}?coupon=${encodeURIComponent(code)}`;
}

/** The `datetime-local` field's value (local time, no zone) as the ISO instant the API takes. */
export function expiryInstant(localValue: string): string | undefined {
  if (localValue === '') return undefined;
  const date = new Date(localValue);
  // An unreadable value goes as typed, for the server to refuse with its message.
  return Number.isNaN(date.getTime()) ? localValue : date.toISOString();
}
