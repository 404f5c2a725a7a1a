/** Headings of the admin screens, and the static sample content of the student overview (spec section 2:
 * "static, not connected to data"). */
export const SCREEN_TITLES = {
  userManagement: 'User management',
  engagementAnalytics: 'Engagement analytics',
} as const;

export const STUDENT_DASHBOARD = {
  greeting: 'Hi Student',
  subline: 'Welcome back! Keep going on your learning journey.',
  activeCoursesTitle: 'My Active Courses',
  stats: [
    { label: 'Courses Enrolled', value: '6' },
    { label: 'Courses Completed', value: '2' },
    { label: 'Certificates Earned', value: '1' },
    { label: 'Avg Progress', value: '65%' },
  ],
  activeCourses: [
    { title: 'Modern React from Scratch', instructor: 'Asha Menon', progress: 45 },
    { title: 'Data Science Foundations', instructor: 'Rahul Verma', progress: 70 },
    { title: 'UI/UX Design Essentials', instructor: 'Priya Nair', progress: 20 },
  ],
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
  placeholderAction: (label: string) => `${label}: coming soon`,
} as const;

/** The bell's three hard-coded sample notifications (spec section 9: static sample values). */
export const SAMPLE_NOTIFICATIONS = [
  {
    id: 'sample-enrollment',
    title: 'New enrollment',
    body: 'Ananya Iyer enrolled in Modern React from Scratch.',
    time: '5 min ago',
  },
  {
    id: 'sample-published',
    title: 'Course published',
    body: 'TypeScript for JavaScript Developers is now live in the catalogue.',
    time: '1 hour ago',
  },
  {
    id: 'sample-payout',
    title: 'Payout processed',
    body: 'Your monthly instructor payout has been sent.',
    time: 'Yesterday',
  },
] as const;
