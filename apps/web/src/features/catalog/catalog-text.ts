/**
 * Catalogue wording the contracts leave to the web app: headings, labels and control names. Every
 * string the spec fixes (fallbacks, buttons, errors) comes from COURSE_MESSAGES and friends instead.
 */
import { COURSE_CARD_TEXT } from './course-card-format';

export const CATALOG_TEXT = {
  coursesTitle: 'Courses',
  allCourses: 'All Courses',
  coursesIntro: 'Browse every published course. Search by title or narrow down by category and level.',
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
  sortLabel: 'Sort by',
  sortNewest: 'Newest',
  sortRating: 'Highest rated',
  clearFilters: 'Clear filters',
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
  loadingCourses: 'Loading courses...',
  retry: 'Try again',
  resultsLabel: 'Course results',

  ...COURSE_CARD_TEXT,

  goBack: 'Go Back',
  loadingCourse: 'Loading course...',
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
  courseContent: 'Course content',
  courseContentSummary: (lectures: number, duration: string | null) =>
    duration
      ? `${lectures} ${lectures === 1 ? 'lecture' : 'lectures'} • ${duration}`
      : `${lectures} lectures`,
  showContent: 'Show course content',
  hideContent: 'Hide course content',
  noLectures: 'No lectures yet.',
  previewBadge: 'Preview',
  lockedBadge: 'Locked',
  lectureNumber: (order: number) => `Lecture ${order}`,
} as const;
