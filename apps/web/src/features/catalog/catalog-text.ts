/**
 * Catalogue wording the contracts leave to the web app: headings, labels and control names. Every
 * string the spec fixes (fallbacks, buttons, errors) comes from COURSE_MESSAGES and friends instead.
 */

import { countOf } from '~/lib/plural';
import { COURSE_CARD_TEXT } from './course-card-format';

export const CATALOG_TEXT = {
  coursesTitle: 'Courses',
  allCourses: 'All Courses',
  coursesIntro:
    'Browse every published course. Search by title or topic, then narrow down by category, level and price.',
  courseTitle: 'Course details',
  brand: 'Lectio',
  logIn: 'Log in',
  dashboard: 'Dashboard',
  mainNavigation: 'Main',

  searchLabel: 'Search courses',
  searchPlaceholder: 'Search by title or description',
  searchButton: 'Search',
  categoryLabel: 'Category',
  levelLabel: 'Level',
  anyCategory: 'All categories',
  anyLevel: 'All levels',
  priceLabel: 'Price',
  anyPrice: 'Any price',
  priceBands: { free: 'Free', paid: 'Paid' },
  /** A facet option and how many courses it would show: "Free (3)", or "Free (about 13,600)" estimated. */
  facetOption: (label: string, count: number, approximate = false) =>
    `${label} (${approximate ? 'about ' : ''}${count.toLocaleString('en-US')})`,
  filtersLabel: 'Filters',
  activeFilters: (count: number) => (count > 0 ? `Filters (${count} active)` : 'Filters'),
  loadingFilters: 'Loading filters...',
  sortLabel: 'Sort by',
  sortRelevance: 'Relevance',
  sortNewest: 'Newest',
  sortRating: 'Highest rated',
  sortPriceLow: 'Price: low to high',
  sortPriceHigh: 'Price: high to low',
  sortStudents: 'Most students',
  /** "12 courses", or "About 90,800 courses" when the facets were estimated (a search with many matches). */
  resultCount: (count: number, approximate = false) =>
    approximate ? `About ${count.toLocaleString('en-US')} courses` : countOf(count, 'course', 'courses'),
  didYouMean: 'Did you mean',
  clearFilters: 'Clear filters',
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
  loadingCourses: 'Loading courses...',
  retry: 'Try again',
  resultsLabel: 'Course results',

  ...COURSE_CARD_TEXT,

  goBack: 'Go Back',
  loadingCourse: 'Loading course...',
  couponAtCheckout: (code: string) => `Coupon ${code} will be applied at checkout.`,
  instructorBy: (name: string) => `Created by ${name}`,
  students: (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`,
  rating: (rating: number, count: number) =>
    count > 0 ? `${rating.toFixed(1)} rating (${count})` : COURSE_CARD_TEXT.noRatings,
  tags: 'Tags',
  whatYouWillLearn: "What you'll learn",
  requirements: 'Requirements',
  description: 'Description',
  preview: 'Free preview',
  previewVideoLabel: (title: string) => `Preview: ${title}`,
  playPreview: (title: string) => `Preview the free lecture ${title}`,
  rowPreviewVideoLabel: (title: string) => `Free preview: ${title}`,
  courseContent: 'Course content',
  courseContentSummary: (lectures: number, duration: string | null) =>
    duration
      ? `${countOf(lectures, 'lecture', 'lectures')} • ${duration}`
      : countOf(lectures, 'lecture', 'lectures'),
  showContent: 'Show course content',
  hideContent: 'Hide course content',
  noLectures: 'No lectures yet.',
  previewBadge: 'Preview',
  lockedBadge: 'Locked',
  lectureNumber: (order: number) => `Lecture ${order}`,
} as const;
