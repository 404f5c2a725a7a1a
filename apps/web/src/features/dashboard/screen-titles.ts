/** Headings of the admin screens, and the wording of the student overview (spec section 2; its figures
 * come from the student's own data since issue 13, decision 0038). */
export const SCREEN_TITLES = {
  userManagement: 'User management',
  engagementAnalytics: 'Engagement analytics',
} as const;

export const STUDENT_DASHBOARD = {
  greeting: (name: string) => `Hi ${name}`,
  subline: 'Welcome back! Keep going on your learning journey.',
  newcomerSubline: 'Welcome! Your learning journey starts here.',
  statsLabel: 'Your learning in figures',
  enrolled: 'Courses Enrolled',
  completed: 'Courses Completed',
  certificates: 'Certificates Earned',
  averageProgress: 'Avg Progress',
  viewCertificates: 'View certificates',
  loading: 'Loading your dashboard...',
  loadFailed: 'Failed to load your dashboard. Please try again later.',
  continueTitle: 'Continue learning',
  resumeAt: (time: string, total: string) => `Resume at ${time} of ${total}`,
  resumeAtNoTotal: (time: string) => `Resume at ${time}`,
  readNext: (minutes: number) => `Article, ${minutes} min read`,
  takeQuizNext: 'A quiz to take',
  startFirst: 'Start the first lecture',
  continueButton: 'Continue',
  startButton: 'Start learning',
  activeCoursesTitle: 'My Active Courses',
  lecturesDone: (done: number, total: number) =>
    `${done} of ${total} ${total === 1 ? 'lecture' : 'lectures'} complete`,
  progressOf: (title: string) => `${title} progress`,
  allComplete: 'Every course you are enrolled in is complete. Well done!',
  seeAllCourses: 'See all my courses',
  emptyTitle: 'No courses yet',
  emptyText: "You haven't enrolled in any course yet. Find one that interests you and start learning.",
  browseCourses: 'Browse courses',
  recommendationsTitle: 'Recommended for you',
  rating: (rating: number, count: number) =>
    `${rating.toFixed(1)} out of 5 (${count} ${count === 1 ? 'rating' : 'ratings'})`,
  noRatings: 'No ratings yet',
  students: (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`,
  byInstructor: (name: string) => `by ${name}`,
} as const;

export const DASHBOARD_TEXT = {
  brand: 'Lectio',
  signOut: 'Sign Out',
  sidebarLabel: 'Dashboard',
  toggleSidebar: 'Toggle sidebar',
  closeSidebar: 'Close sidebar',
  skipToContent: 'Skip to content',
  // Top-bar course search
  search: 'Search courses',
  searchPlaceholder: 'Search courses...',
  searchResults: 'Courses',
  searching: 'Searching...',
  noResults: 'No courses found',
  searchFailed: 'Search failed. Please try again.',
  resultsCount: (count: number) => `${count} ${count === 1 ? 'course' : 'courses'} found`,
  draft: 'Draft',
  // Notifications and user menu
  notifications: 'Notifications',
  newNotifications: (count: number) => `${count} new`,
  userMenu: 'User menu',
  profileSettings: 'Profile Settings',
  accountSettings: 'Account Settings',
  helpSupport: 'Help & Support',
} as const;
