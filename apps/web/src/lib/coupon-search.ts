/**
 * `?coupon=CODE` on a course page or checkout (issue 14: shareable links such as
 * `/course/{id}?coupon=CODE` apply the code). Only a well-formed code is kept; the server decides whether
 * it applies.
 */
import { COUPON_CODE_PATTERN } from '@lectio/contracts/route-search';

export interface CouponSearch {
  coupon?: string;
}

export function validateCouponSearch(search: Record<string, unknown>): CouponSearch {
  // The router parses `?coupon=12345` as a number.
  const raw = typeof search.coupon === 'number' ? String(search.coupon) : search.coupon;
  if (typeof raw !== 'string') return {};
  const code = raw.trim();
  return COUPON_CODE_PATTERN.test(code) ? { coupon: code } : {};
}
