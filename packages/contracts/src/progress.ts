/** Lecture progress (spec sections 3, 4 and 7). */
import { z } from 'zod';

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
