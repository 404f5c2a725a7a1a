/**
 * Headings of the dashboard screens (placeholders until their issues land) and the static sample content
 * of the student overview (spec section 2: "static, not connected to data").
 */
export const PLACEHOLDER_TEXT = {
  comingSoon: 'Coming soon',
} as const;

export const SCREEN_TITLES = {
  allCourses: 'All Courses',
  myCourses: 'My Courses',
  checkout: 'Checkout',
  courseDetail: 'Course details',
  lecturePlayer: 'Lecture player',
  courseList: 'Course list',
  createCourse: 'Create course',
  createLecture: 'Add lectures',
  updateCourse: 'Edit course',
  updateLecture: 'Edit lecture',
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
  signOut: 'Sign Out',
  sidebarLabel: 'Dashboard',
  toggleSidebar: 'Toggle sidebar',
  search: 'Search',
  searchPlaceholder: 'Search or type command...',
  skipToContent: 'Skip to content',
} as const;
