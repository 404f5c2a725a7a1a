/** Admin overview, user overview, user update and engagement (spec sections 3 and 7). */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { requires, roleSchema } from './permissions.js';

const dayOrMonthCount = z.object({ _id: z.string(), count: z.number().int() });

export const adminOverviewSchema = z.object({
  totalCourses: z.number().int().default(0),
  totalStudents: z.number().int().default(0),
  totalInstructors: z.number().int().default(0),
  monthlyRevenue: z.array(z.object({ _id: z.string(), revenue: z.number() })),
  newUsers: z.array(dayOrMonthCount),
  topCourses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      instructor: z.string(),
      enrollments: z.number().int(),
    }),
  ),
  recentTransactions: z.array(
    z.object({
      _id: z.string(),
      course: z.object({ title: z.string() }),
      createdAt: z.string(),
      amount: z.number(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const userOverviewSchema = z.object({
  totalStudents: z.number().int(),
  totalInstructors: z.number().int(),
  newSignups: z.array(dayOrMonthCount),
  recentUsers: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      avatar: z.string().nullable(),
      role: roleSchema,
      isActive: z.boolean(),
    }),
  ),
});
export type UserOverview = z.infer<typeof userOverviewSchema>;

/** GET /admin/instructors: every instructor, by name, so an admin can name a course's instructor. */
export const instructorListSchema = z.object({
  instructors: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), isActive: z.boolean() }),
  ),
});
export type InstructorList = z.infer<typeof instructorListSchema>;

export const updateUserRequestSchema = z
  .object({ isActive: z.boolean().optional(), role: roleSchema.optional() })
  .refine((body) => body.isActive !== undefined || body.role !== undefined, {
    message: 'Send isActive or role',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const updateUserResponseSchema = z.object({
  message: z.string(),
  user: z.object({ _id: z.string(), role: roleSchema, isActive: z.boolean() }),
});

export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

export const engagementSchema = z.object({
  activeUsers: z.number().int(),
  avgSessionTime: z.number(),
  popularCategories: z.array(z.object({ category: z.string(), views: z.number().int() })),
  dropOffPoints: z.array(z.object({ title: z.string(), completionRate: z.number() })),
});
export type Engagement = z.infer<typeof engagementSchema>;

const ADMIN = requires('all');

export const adminOperations = defineOperations({
  overview: {
    kind: 'query',
    access: ADMIN,
    summary: 'Platform totals, revenue, signups, top courses, transactions',
    output: adminOverviewSchema,
    rest: { method: 'GET', path: '/admin/overview' },
  },
  usersOverview: {
    kind: 'query',
    access: ADMIN,
    summary: 'User totals, signups and recent users',
    output: userOverviewSchema,
    rest: { method: 'GET', path: '/admin/users/overview' },
  },
  instructors: {
    kind: 'query',
    access: ADMIN,
    summary: 'Every instructor by name (to name the instructor of a new course)',
    output: instructorListSchema,
    rest: { method: 'GET', path: '/admin/instructors' },
  },
  updateUser: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Suspend, activate or change the role of a user',
    input: z.object({ id: z.string().min(1) }).and(updateUserRequestSchema),
    output: updateUserResponseSchema,
    rest: { method: 'PATCH', path: '/admin/users/{id}' },
    errors: ['NOT_FOUND'],
  },
  engagement: {
    kind: 'query',
    access: ADMIN,
    summary: 'Active users, session time, popular categories, drop-off',
    output: engagementSchema,
    rest: { method: 'GET', path: '/admin/engagement' },
  },
});
