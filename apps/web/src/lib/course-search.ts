/**
 * A course page's search parameters: `?coupon=CODE` (a share link's coupon, coupon-search.ts) and
 * `?question={id}` (a general question's thread, from a notification or an e-mail, decision 0088).
 */
import { type CouponSearch, validateCouponSearch } from './coupon-search';
import { type QuestionSearch, validateQuestionSearch } from './lecture-search';

export type CourseSearch = CouponSearch & QuestionSearch;

export function validateCourseSearch(search: Record<string, unknown>): CourseSearch {
  return { ...validateCouponSearch(search), ...validateQuestionSearch(search) };
}
