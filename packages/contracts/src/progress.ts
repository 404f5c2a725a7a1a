/** Lecture progress (spec sections 3, 4 and 7). */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import { countNumber, percentNumber, uuidInput, uuidString } from './schema-formats.js';

export const recordProgressRequestSchema = z.object({
  watchedDuration: z.number().min(0),
  completed: z.boolean(),
});
export const lectureProgressSchema = z
  .object({
    lectureId: uuidString(),
    /** Whole seconds watched, at most the lecture's duration. */
    watchedDuration: countNumber(),
    completed: z.boolean(),
  })
  .meta({ id: 'LectureProgress' });
export type LectureProgress = z.infer<typeof lectureProgressSchema>;
export const recordProgressResponseSchema = z.object({
  progress: lectureProgressSchema,
  /**
   * The student's certificate for this lecture's course, once every lecture of it is complete (issued by
   * this call or an earlier one; see certificates.ts); null otherwise. The server always sends it; an
   * answer without it (an older server, a test double) reads as null.
   */
  certificateId: uuidString().nullable().default(null),
});
export const courseProgressSchema = z
  .object({
    courseId: uuidString(),
    completionPercentage: percentNumber(),
    lectures: z.array(lectureProgressSchema),
  })
  .meta({ id: 'CourseProgress' });
export const courseProgressResponseSchema = z.object({ progress: courseProgressSchema });

const TRACK_PROGRESS = requires('track_progress');

export const progressOperations = defineOperations({
  record: {
    kind: 'mutation',
    access: TRACK_PROGRESS,
    summary: 'Record watch progress on a video lesson (an article is marked read instead: 400)',
    input: recordProgressRequestSchema.extend({ videoId: uuidInput() }),
    output: recordProgressResponseSchema,
    rest: { method: 'POST', path: '/progress/{videoId}' },
    errors: ['NOT_FOUND'],
  },
  markRead: {
    kind: 'mutation',
    access: TRACK_PROGRESS,
    summary: 'Mark an article lesson read: completes it, as a watched video completes (decision 0077)',
    description:
      'Only an article (400 otherwise), by a viewer who may open it (403 when not enrolled, or while its ' +
      'section is closed to them). Marking it again changes nothing.',
    input: z.object({ lectureId: uuidInput() }),
    output: recordProgressResponseSchema,
    rest: { method: 'POST', path: '/lectures/{lectureId}/read' },
    errors: ['NOT_FOUND'],
  },
  course: {
    kind: 'query',
    access: TRACK_PROGRESS,
    summary: 'Progress on a course',
    input: z.object({ courseId: uuidInput() }),
    output: courseProgressResponseSchema,
    rest: { method: 'GET', path: '/progress/course/{courseId}' },
    errors: ['NOT_FOUND'],
  },
});
