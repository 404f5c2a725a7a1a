/** The texts of the instructor's home (/dashboard/instructor; issue 15, item 1). */
import { countOf } from '~/lib/plural';

export const INSTRUCTOR_HOME_TEXT = {
  title: 'Instructor Dashboard',
  subtitle: 'Your courses, students and sales at a glance.',
  createCourse: 'Create course',
  figures: 'Your figures',
  // Figure cards
  students: 'Students',
  notStarted: (count: number) => `${countOf(count, 'hasn’t', 'haven’t')} started yet`,
  allStarted: 'Every student has started',
  revenue: 'Revenue',
  revenueHint: (sales: number) => `Paid by buyers for ${countOf(sales, 'sale', 'sales')}`,
  share: 'Your earnings',
  shareHint: 'Your share, after refunds',
  courses: 'Courses',
  coursesHint: (published: number, drafts: number) =>
    `${published} published · ${countOf(drafts, 'draft', 'drafts')}`,
  completion: 'Average completion',
  completionHint: (completions: number) =>
    `${countOf(completions, 'course completion', 'course completions')} by students`,
  noStudentsYet: 'No students yet',
  rating: 'Rating',
  ratingHint: (count: number) => `From ${countOf(count, 'review', 'reviews')}`,
  noRatings: 'No ratings yet',
  none: '–',
  // Weekly chart
  weeklyChart: 'Enrollments by week',
  weekOf: 'Week of',
  enrollments: 'Enrollments',
  // Drop-off
  dropOffTitle: 'Where students stop',
  dropOffHint:
    'For students who started a course but haven’t finished it: the first lecture they haven’t completed.',
  noDropOff: 'No student has stopped part-way through a course yet.',
  lectureNumber: (number: number) => `Lecture ${number}`,
  stoppedHere: (count: number) => countOf(count, 'student', 'students'),
  editLecture: (title: string) => `Edit lecture: ${title}`,
  // Recent enrollments
  recentTitle: 'Recent enrollments',
  noRecent: 'No enrollments yet. Share your course’s link, or a coupon for it, to find your first students.',
  free: 'Free',
  byAdmin: 'Added by an admin',
  notPaid: 'No payment',
  // A new instructor
  startTitle: 'Start teaching',
  startIntro: 'You have no courses yet. Four steps take you from nothing to your first student:',
  steps: [
    {
      title: 'Create a course',
      body: 'Give it a title, a short description, a category, a level and a price (0 makes it free).',
    },
    {
      title: 'Add lectures with video',
      body: 'Upload a video for every lecture, and mark one or more as a free preview for visitors.',
    },
    {
      title: 'Publish',
      body: 'Once every lecture has its video, publish the course: it appears in the catalogue.',
    },
    {
      title: 'Share a coupon link',
      body: 'Make a coupon and share the course’s link with it, so your first students get a discount.',
    },
  ],
  goToCoupons: 'Go to coupons',
} as const;
