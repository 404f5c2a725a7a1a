/** Lecture progress (spec sections 3, 4 and 7). */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';

export const recordProgressRequestSchema = z.object({
  watchedDuration: z.number().min(0),
  completed: z.boolean(),
});
export const lectureProgressSchema = z.object({
  lectureId: z.string(),
  watchedDuration: z.number(),
  completed: z.boolean(),
});
export type LectureProgress = z.infer<typeof lectureProgressSchema>;
export const recordProgressResponseSchema = z.object({ progress: lectureProgressSchema });
export const courseProgressResponseSchema = z.object({
  progress: z.object({
    courseId: z.string(),
    completionPercentage: z.number(),
    lectures: z.array(lectureProgressSchema),
  }),
});

const TRACK_PROGRESS = requires('track_progress');

export const progressOperations = defineOperations({
  record: {
    kind: 'mutation',
    access: TRACK_PROGRESS,
    summary: 'Record progress on a lecture',
    input: recordProgressRequestSchema.extend({ videoId: z.string().min(1) }),
    output: recordProgressResponseSchema,
    rest: { method: 'POST', path: '/progress/{videoId}' },
    errors: ['NOT_FOUND'],
  },
  course: {
    kind: 'query',
    access: TRACK_PROGRESS,
    summary: 'Progress on a course',
    input: z.object({ courseId: z.string().min(1) }),
    output: courseProgressResponseSchema,
    rest: { method: 'GET', path: '/progress/course/{courseId}' },
    errors: ['NOT_FOUND'],
  },
});
