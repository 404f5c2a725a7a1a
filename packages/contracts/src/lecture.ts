/** Lecture (video) entity and lecture calls (spec sections 3 and 7). */
import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { CURRICULUM_LIMITS } from './curriculum.js';
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
    order: countNumber(),
    isPreview: z.boolean(),
    /** The video file location; null when the viewer may not play it or no file is uploaded yet. */
    thumbnail: z.object({ secure_url: uriString().nullable() }),
    /** A short-lived signed URL of the video; null when the viewer may not play it or there is none. */
    videoUrl: uriString().nullable(),
    /** Seconds. */
    duration: countNumber(),
    formattedDuration: z.string().nullable(),
    description: z.string(),
    courseId: uuidString(),
    /** True when the viewer may not play this lecture (not a preview, and not enrolled, owner or admin). */
    isLocked: z.boolean(),
  })
  .meta({ id: 'Lecture' });
export type Lecture = z.infer<typeof lectureSchema>;

const lectureTitle = inputString({ error: VALIDATION.lectureTitleRequired })
  .trim()
  .min(1, VALIDATION.lectureTitleRequired)
  .max(200);

export const createLectureRequestSchema = z.object({
  title: lectureTitle,
  courseId: uuidInput(),
  /** The section to add it to (at its end); the course's last section when absent (curriculum.ts). */
  sectionId: uuidInput().optional(),
  description: inputString().max(20000).optional(),
  isPreview: z.boolean().optional(),
});
export const updateLectureRequestSchema = z.object({
  title: lectureTitle.optional(),
  description: inputString().max(20000).optional(),
  isPreview: z.boolean().optional(),
  /** 1-based position; past the end means last. */
  order: z.number().int().min(0).max(INT32_MAX).optional(),
  public_id: inputString().max(500).optional(),
  secure_url: inputString().max(2000).optional(),
  duration: z.number().min(0).optional(),
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
    summary: 'Lectures of a course in order',
    input: z.object({ id: uuidInput().describe('The course id') }),
    output: lectureListResponseSchema,
    rest: { method: 'GET', path: '/videos/{id}' },
    errors: ['NOT_FOUND'],
  },
  get: {
    kind: 'query',
    access: PUBLIC,
    summary: 'One lecture (no video URL unless the viewer may play it)',
    input: lectureIdInput,
    output: lectureResponseSchema,
    rest: { method: 'GET', path: '/videos/video/{lectureId}' },
    errors: ['NOT_FOUND'],
  },
  create: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Create a lecture',
    input: createLectureRequestSchema,
    output: lectureResponseSchema,
    rest: { method: 'POST', path: '/videos/lecture', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  update: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Update a lecture and its video fields',
    input: updateLectureRequestSchema.extend(lectureIdInput.shape),
    output: lectureResponseSchema,
    rest: { method: 'PATCH', path: '/videos/{lectureId}/video_thumbnail' },
    errors: ['NOT_FOUND'],
  },
  reorder: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Reorder the lectures of a course',
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
