/** Factories for the coupons.* operations' answers (see sequence.ts for ids and dates). */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type { Coupon, CouponPrice } from '@lectio/contracts/coupons';
import { given, isoAt, next, sequentialUuid } from './sequence.js';

/** A coupon (`coupons.*`): 50% off one course, two of five uses taken. */
export function buildCoupon(overrides: Partial<Coupon> = {}): Coupon {
  const n = next();
  return {
    _id: sequentialUuid(n),
    code: `HALF${n}`,
    kind: 'percent',
    percentOff: 50,
    amountOff: null,
    scope: 'course',
    courseId: sequentialUuid(n + 1),
    courseTitle: 'Modern React from Scratch',
    instructorId: null,
    expiresAt: null,
    maxRedemptions: 5,
    redemptions: 2,
    disabled: false,
    createdAt: isoAt(n),
    ...given(overrides),
  };
}

/** A checkout's price with a coupon (`coupons.preview`): half of ₹999. */
export function buildCouponPrice(overrides: Partial<CouponPrice> = {}): CouponPrice {
  return {
    code: 'HALF50',
    listPrice: 999,
    discount: 499.5,
    amount: 499.5,
    currency: DEFAULT_CURRENCY,
    ...given(overrides),
  };
}
