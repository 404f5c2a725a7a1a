/**
 * Wording of the admin screens that the contracts' ADMIN_MESSAGES does not hold: the card, chart and list
 * labels the spec names (section 2, "Admin screens") and the few labels the spec leaves open (accessible
 * names, empty lists, data-table headers, the role-update toasts).
 */
import { countOf } from '~/lib/plural';
export const ADMIN_TEXT = {
  // Admin dashboard
  totalCourses: 'Total Courses',
  totalStudents: 'Total Students',
  totalInstructors: 'Total Instructors',
  monthlyRevenue: 'Monthly Revenue',
  monthlyRevenueHint: (month: string) => `${month}, so far`,
  revenueChart: 'Revenue (Last 6 months)',
  newUsersChart: 'New Users (Last 7 days)',
  topCourses: 'Top Courses by Enrollments',
  recentTransactions: 'Recent Transactions',
  studentsCount: (count: number) => countOf(count, 'student', 'students'),
  noTopCourses: 'No enrollments yet',
  noTransactions: 'No transactions yet',
  refund: 'Refund',
  refundTransaction: (course: string) => `Refund the payment for ${course}`,
  retry: 'Try again',

  // User management
  newSignupsChart: 'New Signups (Last 7 Days)',
  recentUsers: 'Recently Registered Users',
  noUsers: 'No users yet',
  editRole: (name: string) => `Edit role of ${name}`,
  roleOf: (name: string) => `Role of ${name}`,
  suspend: 'Suspend',
  activate: 'Activate',
  suspended: 'Suspended',
  avatarOf: (name: string) => `Avatar of ${name}`,
  ownAccount: 'This is your account',

  // Engagement analytics
  activeUsers: 'Active Users',
  avgSessionTime: 'Avg. Session Time',
  minutes: (value: string) => `${value} min`,
  popularCategories: 'Popular Categories',
  dropOffPoints: 'Drop-off Points',
  loading: 'Loading',

  // Charts: the visually hidden data tables and summaries
  month: 'Month',
  revenue: 'Revenue',
  day: 'Day',
  newUsers: 'New users',
  signups: 'Sign-ups',
  category: 'Category',
  views: 'Views',
  courseOrLecture: 'Course or lecture',
  completionRate: 'Completion rate',
  lineChart: 'Line chart',
  barChart: 'Bar chart',
  chartSummary: (kind: string, count: number) =>
    `${kind} with ${count} ${count === 1 ? 'value' : 'values'}; the same data follows as a table.`,
  noChartData: 'No data for this period yet',
  chartUnavailable: 'The chart could not be loaded; the data is listed in the table.',
} as const;
