/**
 * Catalogue wording the contracts leave to the web app: headings, labels and control names. Every
 * string the spec fixes (fallbacks, buttons, errors) comes from COURSE_MESSAGES and friends instead.
 */

import { countOf } from '~/lib/plural';
import { COURSE_CARD_TEXT } from './course-card-format';

/** An estimated count to two significant figures (a sample's error is a few percent): 82,367 -> "82,000". */
const roughly = (count: number) => Number(count.toPrecision(2)).toLocaleString('en-US');

export const CATALOG_TEXT = {
  coursesTitle: 'Courses',
  allCourses: 'All Courses',
  coursesIntro:
    'Browse every published course. Search by title or topic, then narrow down by category, level and price.',
  courseTitle: 'Course details',

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
  /** A facet option and how many courses it would show: "Free (3)", or "Free (about 14,000)" estimated. */
  facetOption: (label: string, count: number, approximate = false) =>
    `${label} (${approximate ? `about ${roughly(count)}` : count.toLocaleString('en-US')})`,
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
  /**
   * "12 courses", or "About 82,000 courses" when the facets were estimated (a search with many matches);
   * nothing for an estimate of 0 (filters the sample had no course for: the list says what there is).
   */
  resultCount: (count: number, approximate = false) =>
    approximate ? (count > 0 ? `About ${roughly(count)} courses` : '') : countOf(count, 'course', 'courses'),
  /** Under the last page of a relevance list that holds fewer courses than the search matches. */
  relevanceCapped: (shown: number) =>
    `These are the ${shown} best matches. Narrow the search, choose a filter or sort by another order to see more.`,
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
  courseContentSummary: (lectures: number, duration: string | null, sections = 0) =>
    [
      sections > 1 ? countOf(sections, 'section', 'sections') : null,
      countOf(lectures, 'lecture', 'lectures'),
      duration,
    ]
      .filter(Boolean)
      .join(' • '),
  sectionSummary: (lectures: number, duration: string | null) =>
    duration
      ? `${countOf(lectures, 'lecture', 'lectures')} • ${duration}`
      : countOf(lectures, 'lecture', 'lectures'),
  showContent: 'Show course content',
  hideContent: 'Hide course content',
  noLectures: 'No lectures yet.',
  sectionOpensOn: (date: string) => `Opens on ${date}`,
  sectionOpensAfterDays: (days: number) =>
    days === 1 ? 'Opens 1 day after you enroll' : `Opens ${days} days after you enroll`,
  previewBadge: 'Preview',
  lockedBadge: 'Locked',
  lectureNumber: (order: number) => `Lecture ${order}`,
  /** A lesson's kind, beside its kind icon (decision 0080). */
  lessonKind: { video: 'Video', article: 'Article', quiz: 'Quiz' },
  readPreview: (title: string) => `Read the free article: ${title}`,
  articlePreviewLabel: (title: string) => `Free article: ${title}`,
} as const;
