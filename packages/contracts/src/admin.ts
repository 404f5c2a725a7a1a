/** Admin overview, user overview, user update and engagement (spec sections 3 and 7). */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { requires, roleSchema } from './permissions.js';
import {
  amountNumber,
  countNumber,
  dateString,
  dateTimeString,
  emailString,
  percentNumber,
  uuidInput,
  uuidString,
} from './schema-formats.js';

/** Sign-ups on one UTC day (`_id` is the day, YYYY-MM-DD). */
const dayCount = z.object({ _id: dateString(), count: countNumber() });

export const adminOverviewSchema = z
  .object({
    totalCourses: countNumber().default(0),
    totalStudents: countNumber().default(0),
    totalInstructors: countNumber().default(0),
    monthlyRevenue: z.array(
      z.object({
        /** The UTC month, YYYY-MM. */
        _id: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
        /** Major units, succeeded payments. */
        revenue: z.number().min(0),
      }),
    ),
    newUsers: z.array(dayCount),
    topCourses: z.array(
      z.object({
        courseId: uuidString(),
        title: z.string(),
        instructor: z.string(),
        enrollments: countNumber(),
      }),
    ),
    recentTransactions: z.array(
      z.object({
        _id: uuidString(),
        course: z.object({ title: z.string() }),
        createdAt: dateTimeString(),
        amount: amountNumber(),
      }),
    ),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const userOverviewSchema = z
  .object({
    totalStudents: countNumber(),
    totalInstructors: countNumber(),
    newSignups: z.array(dayCount),
    recentUsers: z.array(
      z.object({
        _id: uuidString(),
        name: z.string(),
        email: emailString(),
        avatar: z.string().nullable(),
        role: roleSchema,
        isActive: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'UserOverview' });
export type UserOverview = z.infer<typeof userOverviewSchema>;

/** GET /admin/instructors: every instructor, by name, so an admin can name a course's instructor. */
export const instructorListSchema = z
  .object({
    instructors: z.array(
      z.object({ _id: uuidString(), name: z.string(), email: emailString(), isActive: z.boolean() }),
    ),
  })
  .meta({ id: 'InstructorList' });
export type InstructorList = z.infer<typeof instructorListSchema>;

export const updateUserRequestSchema = z
  .object({ isActive: z.boolean().optional(), role: roleSchema.optional() })
  .refine((body) => body.isActive !== undefined || body.role !== undefined, {
    message: 'Send isActive or role',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const updateUserResponseSchema = z.object({
  message: z.string(),
  user: z.object({ _id: uuidString(), role: roleSchema, isActive: z.boolean() }),
});

export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

export const engagementSchema = z
  .object({
    activeUsers: countNumber(),
    /** Seconds (rounded). */
    avgSessionTime: z.number().min(0),
    popularCategories: z.array(z.object({ category: z.string(), views: countNumber() })),
    /** Percent of the enrolled students who completed every lecture, one decimal. */
    dropOffPoints: z.array(z.object({ title: z.string(), completionRate: percentNumber() })),
  })
  .meta({ id: 'Engagement' });
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
    input: z.object({ id: uuidInput() }).and(updateUserRequestSchema),
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
