/**
 * A course's curriculum (issue 26, decision 0075): ordered sections, each holding ordered lessons. A lesson
 * is a video lecture or an article (decision 0077), both rows of the lectures (lecture.ts); the spec's
 * `/videos` calls stay the flat view of the video lessons, in curriculum order.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES, PUBLIC } from './permissions.js';
import {
  countNumber,
  dateTimeInput,
  dateTimeString,
  inputString,
  uuidInput,
  uuidString,
  uuidText,
  wholeNumberInput,
} from './schema-formats.js';

/** Texts of the curriculum that users see. */
export const CURRICULUM_TEXT = {
  /** The section a course's first lesson goes to, and where migration 0014 put every existing lecture. */
  defaultSection: 'Course content',
} as const;

/** The longest drip delay a section may have, in days after enrollment (ten years). */
export const DRIP_MAX_DAYS = 3650;

/** Most sections a course may have, and most lessons one arrange call may place. */
/** Per course: at most this many sections, and this many lessons in all its sections together. */
export const CURRICULUM_LIMITS = { sections: 200, lessons: 2000 } as const;

export const CURRICULUM_MESSAGES = {
  sectionCreated: 'Section added',
  sectionUpdated: 'Section renamed',
  sectionDeleted: 'Section deleted',
  curriculumArranged: 'Curriculum order saved',
  sectionTitleRequired: 'Section title is required',
  sectionNotFound: 'Section not found',
  sectionNotEmpty: 'This section still has lessons: move or delete them first',
  sectionOfAnotherCourse: 'That section belongs to another course',
  tooManySections: `A course can have at most ${CURRICULUM_LIMITS.sections} sections`,
  tooManyLessons: `A course can have at most ${CURRICULUM_LIMITS.lessons} lessons`,
  noSectionPermission: 'You can only change the curriculum of your own courses',
  arrangeMismatch: 'The new order must list every section and every lesson of the course exactly once',
  dripDaysInvalid: `Opening days must be a whole number from 1 to ${DRIP_MAX_DAYS}`,
  dripDateInvalid: 'Opening date must be a valid date and time',
  dripOneRule: 'A section opens either some days after enrollment or on a date, not both',
  sectionLocked: (opensOn: string) => `This lesson's section opens on ${opensOn.slice(0, 10)}`,
} as const;

export const LESSON_KINDS = ['video', 'article', 'quiz'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** Article lessons (decision 0077): Markdown text, read rather than watched. */
export const ARTICLE_LIMITS = {
  /** The longest article body, in characters. */
  bodyCharacters: 100_000,
  /** The reading speed an article's reading time assumes. */
  wordsPerMinute: 200,
} as const;

export const ARTICLE_MESSAGES = {
  kindInvalid: `Lesson kind must be one of: ${LESSON_KINDS.join(', ')}`,
  bodyRequired: "An article needs its text: write the article's body in Markdown",
  bodyTooLong: `An article's body can be at most ${ARTICLE_LIMITS.bodyCharacters.toLocaleString('en')} characters`,
  bodyOnlyOnArticles: "Only an article has a body: a video lesson's text goes in its description",
  noVideoOnArticle: 'An article has no video: add a video lesson to upload one',
  onlyArticleRead: 'Only an article is marked read',
  noWatchProgress: 'An article has no watch progress: mark it read instead',
} as const;

/** Minutes to read an article of `words` words: a whole number, at least 1. Null for a video lesson. */
export function readingMinutes(kind: LessonKind, words: number): number | null {
  if (kind !== 'article') return null;
  return Math.max(1, Math.ceil(words / ARTICLE_LIMITS.wordsPerMinute));
}

const sectionTitle = inputString({ error: CURRICULUM_MESSAGES.sectionTitleRequired })
  .trim()
  .min(1, CURRICULUM_MESSAGES.sectionTitleRequired)
  .max(200);

/** A lesson in the outline: what anyone may see of it (no media, no content: never an article's body). */
export const curriculumLessonSchema = z
  .object({
    _id: uuidString(),
    title: z.string(),
    kind: z.enum(LESSON_KINDS),
    /** 1-based place in the whole course (the `order` of the `/videos` view). */
    order: countNumber(),
    isPreview: z.boolean(),
    /** Seconds (0 for an article). */
    duration: countNumber(),
    formattedDuration: z.string().nullable(),
    /** An article's estimated reading time in minutes (`readingMinutes`); null for a video. */
    readingMinutes: countNumber().nullable(),
  })
  .meta({ id: 'CurriculumLesson' });
export type CurriculumLesson = z.infer<typeof curriculumLessonSchema>;

/** A section's drip release: days after the learner's enrollment, or a date; at most one (decision 0076). */
const dripFields = {
  opensAfterDays: countNumber().nullable(),
  opensAt: dateTimeString().nullable(),
};

export const curriculumSectionSchema = z
  .object({
    _id: uuidString(),
    title: z.string(),
    /** 1-based place among the course's sections. */
    order: countNumber(),
    lessonCount: countNumber(),
    /** Seconds: the sum of its lessons' durations. */
    duration: countNumber(),
    ...dripFields,
    /**
     * When the section opens for this viewer while it is still closed to them (a learner before its
     * drip date); null when it is open to them.
     */
    opensOn: dateTimeString().nullable(),
    lessons: z.array(curriculumLessonSchema),
  })
  .meta({ id: 'CurriculumSection' });
export type CurriculumSection = z.infer<typeof curriculumSectionSchema>;

export const curriculumResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    courseId: uuidString(),
    lessonCount: countNumber(),
    /** Seconds. */
    duration: countNumber(),
    sections: z.array(curriculumSectionSchema),
  }),
});
export type CurriculumResponse = z.infer<typeof curriculumResponseSchema>;

export const sectionSchema = z
  .object({
    _id: uuidString(),
    courseId: uuidString(),
    title: z.string(),
    order: countNumber(),
    ...dripFields,
  })
  .meta({ id: 'Section' });
export type Section = z.infer<typeof sectionSchema>;

export const sectionResponseSchema = z.object({
  message: z.string(),
  data: z.object({ section: sectionSchema }),
});

const dripInput = {
  /** Days after enrollment; null removes the rule. */
  opensAfterDays: wholeNumberInput(1, DRIP_MAX_DAYS, CURRICULUM_MESSAGES.dripDaysInvalid)
    .nullable()
    .optional(),
  /** An instant; null removes the rule. */
  opensAt: dateTimeInput(CURRICULUM_MESSAGES.dripDateInvalid).nullable().optional(),
};

/** Both rules given (not null) at once is refused, on the second field. */
const oneDripRule = (value: { opensAfterDays?: number | null; opensAt?: string | null }) =>
  !(typeof value.opensAfterDays === 'number' && typeof value.opensAt === 'string');

export const createSectionRequestSchema = z
  .object({ courseId: uuidInput(), title: sectionTitle, ...dripInput })
  .refine(oneDripRule, { message: CURRICULUM_MESSAGES.dripOneRule, path: ['opensAt'] });
const sectionChange = { title: sectionTitle.optional(), ...dripInput };
export const updateSectionRequestSchema = z
  .object({ sectionId: uuidInput(), ...sectionChange })
  .refine(oneDripRule, { message: CURRICULUM_MESSAGES.dripOneRule, path: ['opensAt'] });
/** What `updateSection` changes of a section, without which section (the editor's form checks it). */
export const sectionChangeSchema = z
  .object(sectionChange)
  .refine(oneDripRule, { message: CURRICULUM_MESSAGES.dripOneRule, path: ['opensAt'] });

/**
 * The whole order at once, as a drag-and-drop editor holds it: every section of the course in its new
 * order, each with every lesson it should hold in order (lessons may move across sections).
 */
export const arrangeCurriculumRequestSchema = z.object({
  courseId: uuidInput(),
  sections: z
    .array(
      z.object({
        sectionId: uuidText(),
        lessonIds: z.array(uuidText()).max(CURRICULUM_LIMITS.lessons),
      }),
    )
    .min(1)
    .max(CURRICULUM_LIMITS.sections)
    .refine(
      (sections) =>
        sections.reduce((total, section) => total + section.lessonIds.length, 0) <= CURRICULUM_LIMITS.lessons,
      { message: CURRICULUM_MESSAGES.tooManyLessons },
    ),
});
export type ArrangeCurriculumRequest = z.infer<typeof arrangeCurriculumRequestSchema>;

export const curriculumOperations = defineOperations({
  get: {
    kind: 'query',
    access: PUBLIC,
    summary: "A course's curriculum: sections with their lessons, counts and durations",
    description: 'A draft course answers only to its instructor and admins (404 to anyone else).',
    input: z.object({ courseId: uuidInput() }),
    output: curriculumResponseSchema,
    rest: { method: 'GET', path: '/courses/{courseId}/curriculum' },
    errors: ['NOT_FOUND'],
    cache: { sMaxAge: 2, staleWhileRevalidate: 30 },
  },
  arrange: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Put the sections and lessons of a course in a new order',
    input: arrangeCurriculumRequestSchema,
    output: curriculumResponseSchema,
    rest: { method: 'PUT', path: '/courses/{courseId}/curriculum' },
    errors: ['NOT_FOUND'],
  },
  createSection: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Add a section at the end of a course, optionally opening later (drip release)',
    input: createSectionRequestSchema,
    output: sectionResponseSchema,
    rest: { method: 'POST', path: '/courses/{courseId}/sections', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  updateSection: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Rename a section or change when it opens (drip release)',
    input: updateSectionRequestSchema,
    output: sectionResponseSchema,
    rest: { method: 'PATCH', path: '/sections/{sectionId}' },
    errors: ['NOT_FOUND'],
  },
  deleteSection: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Delete an empty section',
    input: z.object({ sectionId: uuidInput() }),
    output: z.object({ message: z.string() }),
    rest: { method: 'DELETE', path: '/sections/{sectionId}' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
