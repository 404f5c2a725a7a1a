/** Business constants and limits (spec section 9) plus the platform's own limits. */

export { categorySchema, levelSchema } from './enumeration-schemas.js';
export { CATEGORIES, type Category, LEVELS, type Level } from './enumerations.js';

export const COURSE_STATUSES = ['published', 'draft'] as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so that a huge body can't make argon2 work for nothing. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const HOME_FEATURED_COURSES = 4;
export const COURSE_CARD_HEIGHT_PX = 400;
export const CARD_DETAIL_REVEAL_DELAY_MS = 300;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_TOGGLE_WIDTH_PX = 1024;

export const TOAST_DURATION_MS = { success: 2000, error: 4000, blank: 4000 } as const;
export const TOAST_LIMIT = 20;

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/**
 * The most calls one tRPC batch may carry: the server refuses a larger batch (400) and the web client's
 * batch link splits its calls into batches of this size. One batch counts once against the per-IP ceiling.
 */
export const TRPC_MAX_BATCH_SIZE = 20;

export const PROGRESS_SYNC_EVERY_UPDATES = 5;
export const PROGRESS_SYNC_DEBOUNCE_MS = 2000;

export const CACHE_SECONDS = {
  instructorCourses: 300,
  studentCourses: 300,
  purchasedCourses: 200,
  defaultGc: 60,
} as const;

export const SKELETON_ROWS = 5;
export const REDIRECT_AFTER_PAYMENT_MS = 1000;

export const DATE_LOCALE = 'en-IN';
/** Course screens show prices with the rupee symbol; the default platform currency is INR. */
export const DEFAULT_CURRENCY = 'INR';

export const CHART = {
  revenueMonths: 6,
  newUserDays: 7,
  heightPx: 240,
  analyticsHeightPx: 288,
  margin: 5,
  barGap: 4,
  barCategoryGap: '10%',
} as const;

/** Course reviews (decision 0036): text lengths, page sizes, and the star values, most first. */
export const REVIEW_LIMITS = {
  bodyMaxLength: 2000,
  replyMaxLength: 2000,
  reportReasonMaxLength: 500,
  pageDefault: 10,
  pageMax: 50,
} as const;
export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;

export const DEFAULT_PAGE_LIMIT = 12;
export const MAX_PAGE_LIMIT = 100;
