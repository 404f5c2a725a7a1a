/** Factories for the admin.* operations' answers (see sequence.ts for ids and dates). */
import type { AdminOverview, Engagement, InstructorList, UserOverview } from '@lectio/contracts/admin';
import { CATEGORIES } from '@lectio/contracts/constants';
import { buildPublicUser } from './auth.factories.js';
import { INSTRUCTOR_NAMES, LECTURE_TITLES, SAMPLE_COURSES } from './sample-content.js';
import { given, isoAt, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { AdminOverview, Engagement, InstructorList, UserOverview };

/** The week the dashboards' daily series (new users, signups) cover. */
const SAMPLE_WEEK = [
  '2025-01-01',
  '2025-01-02',
  '2025-01-03',
  '2025-01-04',
  '2025-01-05',
  '2025-01-06',
  '2025-01-07',
];

/** The `admin.overview` output: six months of revenue, a week of signups, top courses, recent payments. */
export function buildAdminOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const months = ['2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01'];
  return {
    totalCourses: 42,
    totalStudents: 1280,
    totalInstructors: 12,
    monthlyRevenue: months.map((_id, index) => ({ _id, revenue: 45_000 + index * 7_500 })),
    newUsers: SAMPLE_WEEK.map((_id, index) => ({ _id, count: 8 + ((index * 5) % 11) })),
    topCourses: SAMPLE_COURSES.slice(0, 3).map((course, index) => ({
      courseId: nextId(),
      title: course.title,
      instructor: pick(INSTRUCTOR_NAMES, index + 1),
      enrollments: 320 - index * 85,
    })),
    recentTransactions: SAMPLE_COURSES.slice(0, 3).map((course) => {
      const n = next();
      return {
        _id: sequentialUuid(n),
        course: { title: course.title },
        createdAt: isoAt(n),
        amount: course.price,
      };
    }),
    ...given(overrides),
  };
}

/** The `admin.usersOverview` output. */
export function buildUserOverview(overrides: Partial<UserOverview> = {}): UserOverview {
  const recentUsers = [
    buildPublicUser(),
    buildPublicUser(),
    buildPublicUser({ role: 'instructor' }),
    buildPublicUser({ isActive: false }),
  ].map(({ _id, name, email, avatar, role, isActive }) => ({ _id, name, email, avatar, role, isActive }));
  return {
    totalStudents: 1280,
    totalInstructors: 12,
    newSignups: SAMPLE_WEEK.map((_id, index) => ({ _id, count: 5 + ((index * 7) % 13) })),
    recentUsers,
    ...given(overrides),
  };
}

/** The `admin.instructors` output. */
export function buildInstructorList(overrides: Partial<InstructorList> = {}): InstructorList {
  const instructors = [buildPublicUser({ role: 'instructor' }), buildPublicUser({ role: 'instructor' })].map(
    ({ _id, name, email, isActive }) => ({ _id, name, email, isActive }),
  );
  return { instructors, ...given(overrides) };
}

/** The `admin.engagement` output. */
export function buildEngagement(overrides: Partial<Engagement> = {}): Engagement {
  return {
    activeUsers: 342,
    avgSessionTime: 27.5,
    popularCategories: CATEGORIES.slice(0, 5).map((category, index) => ({
      category,
      views: 2400 - index * 380,
    })),
    dropOffPoints: LECTURE_TITLES.slice(1, 4).map((title, index) => ({
      title,
      completionRate: 92 - index * 14,
    })),
    ...given(overrides),
  };
}
