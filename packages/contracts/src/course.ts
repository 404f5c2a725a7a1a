/** Course entity and course calls (spec sections 1, 3 and 7). Prices travel in major units (e.g. 499 = ₹499). */
import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { categorySchema, DEFAULT_PAGE_LIMIT, levelSchema, MAX_PAGE_LIMIT } from './constants.js';
import { lectureSchema } from './lecture.js';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, MANAGE_COURSES, PUBLIC, requires } from './permissions.js';
import { REST_PATHS } from './rest-paths.js';
import { COURSE_SORTS, PRICE_BANDS } from './route-search.js';
import {
  amountNumber,
  countNumber,
  dateTimeString,
  inputString,
  pageOutput,
  percentNumber,
  uuidInput,
  uuidString,
  uuidText,
} from './schema-formats.js';

export const thumbnailSchema = z
  .object({
    /** The storage key ('' for a legacy thumbnail URL). */
    public_id: z.string(),
    // A storage download URL (absolute), or a legacy stored URL, hence `uri-reference` and not `uri`.
    secure_url: z.string().meta({ format: 'uri-reference' }),
    duration: z.number().min(0).nullable().optional(),
  })
  .meta({ id: 'CourseThumbnail' });

export const courseSchema = z
  .object({
    _id: uuidString(),
    title: z.string(),
    shortDescription: z.string(),
    description: z.string(),
    category: categorySchema,
    level: levelSchema,
    requirements: z.array(z.string()),
    whatYouWillLearn: z.array(z.string()),
    tags: z.string(),
    /** Major units (499 = ₹499). */
    price: amountNumber(),
    currency: z.string(),
    isPublished: z.boolean(),
    status: z.string(),
    createdAt: dateTimeString(),
    updatedAt: dateTimeString(),
    thumbnail: thumbnailSchema.nullable(),
    /** Total length of the lectures, formatted (e.g. "1h 05m"); null when there are none. */
    duration: z.string().nullable(),
    videos: z.array(lectureSchema),
    studentsCount: countNumber(),
    rating: z.number(),
    ratingCount: countNumber(),
    publicLectures: countNumber(),
    privateLectures: countNumber(),
    instructor: z.object({ _id: uuidString(), name: z.string() }),
    instructorName: z.string(),
    /** Viewer-dependent: true when the viewer may watch every lecture. */
    canAccessAll: z.boolean(),
    /** Viewer-dependent: completion percentage, present for enrolled viewers. */
    progress: percentNumber().nullable(),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof courseSchema>;

export { COURSE_SORTS, type CourseSort, PRICE_BANDS, type PriceBand } from './route-search.js';

const stringList = (list: string) =>
  z
    .array(inputString().max(500, VALIDATION.listItemTooLong(list, 500)))
    .max(50, VALIDATION.listTooLong(list, 50));

/** A trimmed, non-empty string whose message for "missing", "not a string" and "blank" is `message`. */
const requiredText = (message: string) =>
  inputString({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) })
    .trim()
    .min(1, message);

/**
 * What an instructor fills in about a course: one set of rules for the Create and the Edit form and the
 * server (issue 24). Title, short description, category and level are required; the description may
 * wait, and a course without a price is free (the server stores 0).
 */
export const courseDetailsSchema = z.object({
  title: requiredText('Title is required').max(200, VALIDATION.tooLong('Title', 200)),
  shortDescription: requiredText('Short description is required').max(
    500,
    VALIDATION.tooLong('Short description', 500),
  ),
  category: categorySchema,
  level: levelSchema,
  description: inputString().max(20000, VALIDATION.tooLong('Description', 20000)).optional(),
  price: z.number().min(0, 'Price must be 0 or more').max(10_000_000).optional(),
  requirements: stringList('Requirements').optional(),
  whatYouWillLearn: stringList('What you will learn').optional(),
  tags: inputString().max(500, VALIDATION.tooLong('Tags', 500)).optional(),
  isPublished: z.boolean().optional(),
});

export const createCourseRequestSchema = courseDetailsSchema.extend({
  /** Admins may create a course on behalf of an instructor. */
  instructorId: uuidText().optional(),
});
export type CreateCourseRequest = z.infer<typeof createCourseRequestSchema>;

/** A PATCH: each detail is optional, and one that is sent follows the same rule as on create. */
export const updateCourseRequestSchema = courseDetailsSchema.partial().extend({
  status: inputString().max(40).optional(),
  public_id: inputString().max(500).optional(),
  secure_url: inputString().max(2000).optional(),
});
export type UpdateCourseRequest = z.infer<typeof updateCourseRequestSchema>;

export const courseListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  cursor: inputString().optional(),
  search: inputString().max(200).optional(),
  category: categorySchema.optional(),
  level: levelSchema.optional(),
  /** Free courses or paid ones. */
  price: z.enum(PRICE_BANDS).optional(),
  /**
   * `relevance` (the default with a search: best match first, a title match above a description match;
   * at most RELEVANCE_LIMIT (600) courses: the best-rated title matches, or the best-rated matches),
   * `newest` (the default without one), `rating` (highest rated, then most rated), `price_low`,
   * `price_high`, `students` (most enrolled).
   */
  sort: z.enum(COURSE_SORTS).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** What the facets count over: the list's search and filters, without paging or order. */
export const courseFacetsQuerySchema = courseListQuerySchema.pick({
  search: true,
  category: true,
  level: true,
  price: true,
});
export type CourseFacetsQuery = z.infer<typeof courseFacetsQuerySchema>;

const facetCount = <T extends z.ZodType>(value: T) => z.object({ value, count: countNumber() });

/**
 * Counts of the published courses matching the search, per category, level and price band. Each facet
 * counts with the other facets' filters applied but not its own (so every option says how many it would
 * show), and `total` with all of them: the counts of each facet add up to the total without its filter.
 */
export const courseFacetsSchema = z
  .object({
    total: countNumber(),
    categories: z.array(facetCount(categorySchema)),
    levels: z.array(facetCount(levelSchema)),
    prices: z.array(facetCount(z.enum(PRICE_BANDS))),
    /**
     * True when the counts are estimated from a sample (a search with more than about 5,000 matches in a
     * large catalogue): show them as "about". They still add up as described.
     */
    approximate: z.boolean(),
    /** A respelling of the search that finds courses, when the search itself finds few (typos). */
    suggestion: z.string().nullable(),
  })
  .meta({ id: 'CourseFacets' });
export type CourseFacets = z.infer<typeof courseFacetsSchema>;

/** One page of courses; pass `nextCursor` as `cursor` for the next one (null on the last page). */
export const coursePageSchema = pageOutput('courses', courseSchema).meta({ id: 'CoursePage' });
export const courseListResponseSchema = z.object({ data: coursePageSchema });
export const courseResponseSchema = z.object({ data: courseSchema });
export const createCourseResponseSchema = z.object({
  message: z.string(),
  data: z.object({ course: courseSchema }),
});
export const updateCourseResponseSchema = z.object({
  message: z.string(),
  data: z.object({ course: courseSchema }),
});
export const byIdsRequestSchema = z.object({ courseIds: z.array(uuidText()).max(MAX_PAGE_LIMIT) });
export const byIdsResponseSchema = z.object({ data: z.object({ courses: z.array(courseSchema) }) });

export const courseOverviewSchema = z
  .object({
    _id: uuidString(),
    title: z.string(),
    isPublished: z.boolean(),
    status: z.string(),
    studentsCount: countNumber(),
    lecturesCount: countNumber(),
    publicLectures: countNumber(),
    privateLectures: countNumber(),
    /** Major units, all succeeded payments. */
    revenue: z.number().min(0),
  })
  .meta({ id: 'CourseOverview' });
export const courseOverviewResponseSchema = z.object({
  data: z.object({
    totalCourses: countNumber(),
    publishedCourses: countNumber(),
    draftCourses: countNumber(),
    courses: z.array(courseOverviewSchema),
  }),
});

const courseId = z.object({ id: uuidInput() });

export const courseOperations = defineOperations({
  list: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Published courses (search, category, level, cursor pagination)',
    input: courseListQuerySchema,
    output: courseListResponseSchema,
    rest: REST_PATHS.listCourses,
    cache: { sMaxAge: 2, staleWhileRevalidate: 30 },
  },
  facets: {
    kind: 'query',
    access: PUBLIC,
    summary: 'How many published courses match, per category, level and price; a spelling suggestion',
    description:
      'The catalogue shows these beside the list (one tRPC batch with `courses.list`). Without a search ' +
      'the counts are the whole catalogue’s.',
    input: courseFacetsQuerySchema,
    output: z.object({ data: courseFacetsSchema }),
    rest: { method: 'GET', path: '/courses/facets' },
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
