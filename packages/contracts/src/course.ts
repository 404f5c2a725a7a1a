/** Course entity and course calls (spec sections 1, 3 and 7). Prices travel in major units (e.g. 499 = ₹499). */
import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { categorySchema, DEFAULT_PAGE_LIMIT, levelSchema, MAX_PAGE_LIMIT } from './constants.js';
import { lectureSchema } from './lecture.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, MANAGE_COURSES, PUBLIC, requires } from './permissions.js';

export const thumbnailSchema = z.object({
  public_id: z.string(),
  secure_url: z.string(),
  duration: z.number().nullable().optional(),
});

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  category: categorySchema,
  level: levelSchema,
  requirements: z.array(z.string()),
  whatYouWillLearn: z.array(z.string()),
  tags: z.string(),
  price: z.number(),
  currency: z.string(),
  isPublished: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  thumbnail: thumbnailSchema.nullable(),
  /** Total length of the lectures, formatted (e.g. "1h 05m"); null when there are none. */
  duration: z.string().nullable(),
  videos: z.array(lectureSchema),
  studentsCount: z.number().int(),
  rating: z.number(),
  ratingCount: z.number().int(),
  publicLectures: z.number().int(),
  privateLectures: z.number().int(),
  instructor: z.object({ _id: z.string(), name: z.string() }),
  instructorName: z.string(),
  /** Viewer-dependent: true when the viewer may watch every lecture. */
  canAccessAll: z.boolean(),
  /** Viewer-dependent: completion percentage, present for enrolled viewers. */
  progress: z.number().nullable(),
});
export type Course = z.infer<typeof courseSchema>;

const stringList = z.array(z.string().max(500)).max(50);

/** A trimmed, non-empty string whose message for "missing", "not a string" and "blank" is `message`. */
const requiredText = (message: string) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) })
    .trim()
    .min(1, message);

export const createCourseRequestSchema = z.object({
  title: requiredText('Title is required').max(200),
  shortDescription: requiredText('Short description is required').max(500),
  category: categorySchema,
  level: levelSchema,
  description: z.string().max(20000).optional(),
  price: z.number().min(0, 'Price must be 0 or more').max(10_000_000).optional(),
  requirements: stringList.optional(),
  whatYouWillLearn: stringList.optional(),
  tags: z.string().max(500).optional(),
  isPublished: z.boolean().optional(),
  /** Admins may create a course on behalf of an instructor. */
  instructorId: z.string().optional(),
});
export type CreateCourseRequest = z.infer<typeof createCourseRequestSchema>;

export const updateCourseRequestSchema = createCourseRequestSchema
  .omit({ instructorId: true })
  .partial()
  .extend({
    status: z.string().max(40).optional(),
    public_id: z.string().max(500).optional(),
    secure_url: z.string().max(2000).optional(),
  });
export type UpdateCourseRequest = z.infer<typeof updateCourseRequestSchema>;

export const courseListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  cursor: z.string().optional(),
  search: z.string().max(200).optional(),
  category: categorySchema.optional(),
  level: levelSchema.optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

export const courseListResponseSchema = z.object({
  data: z.object({ courses: z.array(courseSchema), nextCursor: z.string().nullable() }),
});
export const courseResponseSchema = z.object({ data: courseSchema });
export const createCourseResponseSchema = z.object({
  message: z.string(),
  data: z.object({ course: courseSchema }),
});
export const updateCourseResponseSchema = z.object({
  message: z.string(),
  data: z.object({ course: courseSchema }),
});
export const byIdsRequestSchema = z.object({ courseIds: z.array(z.string()).max(MAX_PAGE_LIMIT) });
export const byIdsResponseSchema = z.object({ data: z.object({ courses: z.array(courseSchema) }) });

export const courseOverviewSchema = z.object({
  _id: z.string(),
  title: z.string(),
  isPublished: z.boolean(),
  status: z.string(),
  studentsCount: z.number().int(),
  lecturesCount: z.number().int(),
  publicLectures: z.number().int(),
  privateLectures: z.number().int(),
  revenue: z.number(),
});
export const courseOverviewResponseSchema = z.object({
  data: z.object({
    totalCourses: z.number().int(),
    publishedCourses: z.number().int(),
    draftCourses: z.number().int(),
    courses: z.array(courseOverviewSchema),
  }),
});

const courseId = z.object({ id: z.string().min(1) });

export const courseOperations = defineOperations({
  list: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Published courses (search, category, level, cursor pagination)',
    input: courseListQuerySchema,
    output: courseListResponseSchema,
    rest: { method: 'GET', path: '/courses' },
    cache: { sMaxAge: 2, staleWhileRevalidate: 30 },
  },
  create: {
    kind: 'mutation',
    access: requires('create_courses'),
    summary: 'Create a course',
    input: createCourseRequestSchema,
    output: createCourseResponseSchema,
    rest: { method: 'POST', path: '/courses', status: 201 },
  },
  byIds: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Courses by id (those the viewer may see)',
    input: byIdsRequestSchema,
    output: byIdsResponseSchema,
    rest: { method: 'POST', path: '/courses/by-ids' },
  },
  mine: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'Courses the viewer purchased',
    output: courseListResponseSchema,
    rest: { method: 'GET', path: '/courses/my-courses' },
  },
  overview: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: 'Per-course counts for the viewer’s manageable courses (path spelt so)',
    output: courseOverviewResponseSchema,
    rest: { method: 'GET', path: '/courses/coures-overview' },
  },
  get: {
    kind: 'query',
    access: PUBLIC,
    summary: 'One course with viewer-dependent fields',
    input: courseId,
    output: courseResponseSchema,
    rest: { method: 'GET', path: '/courses/{id}' },
    errors: ['NOT_FOUND'],
  },
  update: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Update a course (owner or admin)',
    input: updateCourseRequestSchema.extend(courseId.shape),
    output: updateCourseResponseSchema,
    rest: { method: 'PATCH', path: '/courses/{id}' },
    errors: ['NOT_FOUND'],
  },
  delete: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Delete a course, its lectures and files (owner or admin)',
    input: courseId,
    output: messageResponseSchema,
    rest: { method: 'DELETE', path: '/courses/{id}' },
    errors: ['NOT_FOUND'],
  },
  instructorList: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: 'The instructor’s own courses (all courses for admins)',
    input: courseListQuerySchema,
    output: courseListResponseSchema,
    rest: { method: 'GET', path: '/instructor/courses' },
  },
});
