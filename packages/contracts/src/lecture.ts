/**
 * Lecture entity and lecture calls (spec sections 3 and 7). A lecture is a lesson of a course: a video, or
 * an article of Markdown (decision 0077). The spec's `/videos` list shows the video lessons only.
 */
import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  CURRICULUM_LIMITS,
  LESSON_KINDS,
  type LessonKind,
} from './curriculum.js';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES, PUBLIC } from './permissions.js';
import {
  countNumber,
  INT32_MAX,
  inputString,
  uriString,
  uuidInput,
  uuidString,
  uuidText,
} from './schema-formats.js';

export const lectureSchema = z
  .object({
    _id: uuidString(),
    title: z.string(),
    /** A video lecture or an article (decision 0077). */
    kind: z.enum(LESSON_KINDS),
    order: countNumber(),
    isPreview: z.boolean(),
    /** The video file location; null when the viewer may not play it or no file is uploaded yet. */
    thumbnail: z.object({ secure_url: uriString().nullable() }),
    /** A short-lived signed URL of the video; null when the viewer may not play it or there is none. */
    videoUrl: uriString().nullable(),
    /** Seconds (0 for an article). */
    duration: countNumber(),
    formattedDuration: z.string().nullable(),
    description: z.string(),
    courseId: uuidString(),
    /**
     * True when the viewer may not open this lesson (not a preview, and not enrolled, owner or admin; or
     * its section not yet open to this learner).
     */
    isLocked: z.boolean(),
    /** An article's estimated reading time in minutes (at least 1, `readingMinutes`); null for a video. */
    readingMinutes: countNumber().nullable(),
    /**
     * An article's Markdown, only in an answer about this one lesson (lectures.get, create, update) and
     * only to a viewer who may open it (as `videoUrl`); absent from lists, from a video and from a locked
     * lesson.
     */
    body: z.string().optional(),
  })
  .meta({ id: 'Lecture' });
export type Lecture = z.infer<typeof lectureSchema>;

const lectureTitle = inputString({ error: VALIDATION.lectureTitleRequired })
  .trim()
  .min(1, VALIDATION.lectureTitleRequired)
  .max(200);

const isBlank = (text: string) => text.trim() === '';

/** An article's Markdown as a client sends it (not trimmed: Markdown's whitespace can matter). */
const articleBody = inputString({ error: ARTICLE_MESSAGES.bodyRequired }).max(
  ARTICLE_LIMITS.bodyCharacters,
  ARTICLE_MESSAGES.bodyTooLong,
);

/** The fields of a new lesson (forms pick from it); the call itself also checks `lessonBodyAgreesWithKind`. */
export const createLectureRequestSchema = z.object({
  title: lectureTitle,
  courseId: uuidInput(),
  /** The section to add it to (at its end); the course's last section when absent (curriculum.ts). */
  sectionId: uuidInput().optional(),
  description: inputString().max(20000).optional(),
  isPreview: z.boolean().optional(),
  /** 'video' when absent. */
  kind: z.enum(LESSON_KINDS, { error: ARTICLE_MESSAGES.kindInvalid }).optional(),
  /** An article's Markdown: required, not blank, for an article; refused on a video. */
  body: articleBody.optional(),
});

/** A new lesson's body agrees with its kind: an article's is not blank, a video has none (decision 0077). */
export function lessonBodyAgreesWithKind(
  value: { kind?: LessonKind; body?: string },
  ctx: z.RefinementCtx,
): void {
  const isArticle = value.kind === 'article';
  if (isArticle && (value.body === undefined || isBlank(value.body)))
    ctx.addIssue({ code: 'custom', path: ['body'], message: ARTICLE_MESSAGES.bodyRequired });
  if (!isArticle && value.body !== undefined && !isBlank(value.body))
    ctx.addIssue({ code: 'custom', path: ['body'], message: ARTICLE_MESSAGES.bodyOnlyOnArticles });
}

/** `lectures.create`'s input: the fields, with the body checked against the kind. */
export const createLessonRequestSchema = createLectureRequestSchema.superRefine(lessonBodyAgreesWithKind);

export const updateLectureRequestSchema = z.object({
  title: lectureTitle.optional(),
  description: inputString().max(20000).optional(),
  isPreview: z.boolean().optional(),
  /** 1-based position; past the end means last. */
  order: z.number().int().min(0).max(INT32_MAX).optional(),
  public_id: inputString().max(500).optional(),
  secure_url: inputString().max(2000).optional(),
  duration: z.number().min(0).optional(),
  /** An article's new Markdown (not blank); a video lesson has no body (400). */
  body: articleBody.refine((text) => !isBlank(text), ARTICLE_MESSAGES.bodyRequired).optional(),
});
export const reorderLecturesRequestSchema = z.object({
  lectureIds: z.array(uuidText()).min(1).max(CURRICULUM_LIMITS.lessons),
});

export const lectureResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({ lecture: lectureSchema }),
});
export const lectureListResponseSchema = z.object({ videos: z.array(lectureSchema) });

const courseIdInput = z.object({ courseId: uuidInput() });
const lectureIdInput = z.object({ lectureId: uuidInput() });

/** Lectures are "videos" in the spec's REST paths. Uploads with a file are HTTP routes (http-routes.ts). */
export const lectureOperations = defineOperations({
  list: {
    kind: 'query',
    access: PUBLIC,
    summary: 'The video lessons of a course, in curriculum order',
    input: z.object({ id: uuidInput().describe('The course id') }),
    output: lectureListResponseSchema,
    rest: { method: 'GET', path: '/videos/{id}' },
    errors: ['NOT_FOUND'],
  },
  get: {
    kind: 'query',
    access: PUBLIC,
    summary: 'One lesson (no video URL or article body unless the viewer may open it)',
    input: lectureIdInput,
    output: lectureResponseSchema,
    rest: { method: 'GET', path: '/videos/video/{lectureId}' },
    errors: ['NOT_FOUND'],
  },
  create: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary:
      'Create a lesson: a video lecture (default) or an article (kind: article, with its Markdown body)',
    input: createLessonRequestSchema,
    output: lectureResponseSchema,
    rest: { method: 'POST', path: '/videos/lecture', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  update: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: "Update a lesson: a video's fields, or an article's body",
    input: updateLectureRequestSchema.extend(lectureIdInput.shape),
    output: lectureResponseSchema,
    rest: { method: 'PATCH', path: '/videos/{lectureId}/video_thumbnail' },
    errors: ['NOT_FOUND'],
  },
  reorder: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Reorder the video lessons of a course (its articles keep their places)',
    input: reorderLecturesRequestSchema.extend(courseIdInput.shape),
    output: lectureListResponseSchema,
    rest: { method: 'PATCH', path: '/videos/{courseId}/order' },
    errors: ['NOT_FOUND'],
  },
  delete: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Delete a lecture and its file',
    input: z.object({ id: uuidInput().describe('The lecture id') }),
    output: messageResponseSchema,
    rest: { method: 'DELETE', path: '/videos/{id}' },
    errors: ['NOT_FOUND'],
  },
});
