/**
 * What the web app's route search validation needs from the contracts, in a module without zod: route
 * options load with the first page (they are in the route tree), and zod would come with them.
 */

/** A coupon code: 3-32 letters, digits, dashes and underscores; compared case-insensitively. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** How the payment provider's payout onboarding comes back to the earnings page (`?onboarding=`). */
export const ONBOARDING_RETURN = ['return', 'refresh'] as const;

/**
 * The orders of a course list (issue 16). `relevance` is the default with a search (without one it is
 * `newest`, the default). Each order has its own cursor: a cursor of another order is a 400.
 */
export const COURSE_SORTS = ['relevance', 'newest', 'rating', 'price_low', 'price_high', 'students'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/**
 * How many courses a list sorted by relevance holds at most (50 pages of 12): a search's best-rated
 * title matches, or its best-rated matches, ranked. The other orders list every match.
 */
export const RELEVANCE_LIMIT = 600;

/** The catalogue's price filter and facet: free courses or paid ones. */
export const PRICE_BANDS = ['free', 'paid'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
