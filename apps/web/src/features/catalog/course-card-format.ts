/**
 * The course card's wording and display rules (spec sections 1 and 9): prices in rupees for en-IN, the
 * link by sign-in state and role, and whether the viewer bought the course. One small module, apart from
 * the other course formatting, so the home page downloads only what its cards need.
 */
import { DATE_LOCALE, DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type { Course } from '@lectio/contracts/course';
import type { PublicUser } from '@lectio/contracts/user';
import { courseLink, sectionBase } from '~/lib/links';

// Made on first use: building an Intl formatter costs ~20 ms of CPU, which at module load would delay the
// landing page's first render (it imports this module for its Trending cards).
let priceFormat: Intl.NumberFormat | undefined;

/** ₹1,299.00: the rupee symbol and en-IN grouping on every course screen. */
export function formatPrice(price: number): string {
  priceFormat ??= new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency: DEFAULT_CURRENCY });
  return priceFormat.format(price);
}

/** A course's price as shown on cards, pages and tables: 'Free' for one that costs nothing, not ₹0.00. */
export function formatCoursePrice(price: number | null | undefined): string {
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? formatPrice(price) : FREE;
}
const FREE = 'Free';

type Viewer = Pick<PublicUser, 'role'> | null | undefined;

/** Where a course leads: /course/{id} for a visitor, {base}/course/{id} once signed in. */
export function courseLinkFor(viewer: Viewer, courseId: string) {
  return courseLink(viewer ? sectionBase(viewer.role) : null, courseId);
}

export function hasPurchased(
  viewer: Pick<PublicUser, 'purchasedCourses'> | null | undefined,
  courseId: string,
): boolean {
  return viewer?.purchasedCourses.includes(courseId) ?? false;
}

export type CourseForCard = Pick<
  Course,
  | '_id'
  | 'title'
  | 'shortDescription'
  | 'thumbnail'
  | 'videos'
  | 'publicLectures'
  | 'privateLectures'
  | 'duration'
  | 'progress'
  | 'price'
  | 'rating'
  | 'ratingCount'
>;

/** Wording of the course card beyond the fixed texts in COURSE_MESSAGES. */
export const COURSE_CARD_TEXT = {
  lectures: (count: number) => `${count} ${count === 1 ? 'lecture' : 'lectures'}`,
  publicLectures: (count: number) => `${count} free`,
  privateLectures: (count: number) => `${count} locked`,
  durationLabel: 'Duration',
  progressLabel: (title: string) => `Progress in ${title}`,
  progressValue: (percent: number) => `${percent}% complete`,
  price: 'Price',
  /** The card's rating: "★ 4.7 (128)" on screen, this for screen readers. */
  ratingLabel: (rating: number, count: number) =>
    `Rated ${rating.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  ratingShort: (rating: number, count: number) => `${rating.toFixed(1)} (${count})`,
  noRatings: 'No ratings yet',
} as const;
