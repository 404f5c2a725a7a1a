/** Lecture (video) entity and lecture calls (spec sections 3 and 7). */
import { z } from 'zod';
import { VALIDATION } from './messages';

export const lectureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  order: z.number().int(),
  isPreview: z.boolean(),
  /** The video file location; null when the viewer may not play it or no file is uploaded yet. */
  thumbnail: z.object({ secure_url: z.string().nullable() }),
  videoUrl: z.string().nullable(),
  duration: z.number(),
  formattedDuration: z.string().nullable(),
  description: z.string(),
  courseId: z.string(),
  /** True when the viewer may not play this lecture (not a preview, and not enrolled, owner or admin). */
  isLocked: z.boolean(),
});
export type Lecture = z.infer<typeof lectureSchema>;

const lectureTitle = z
  .string({ error: VALIDATION.lectureTitleRequired })
  .trim()
  .min(1, VALIDATION.lectureTitleRequired)
  .max(200);

export const createLectureRequestSchema = z.object({
  title: lectureTitle,
  courseId: z.string().min(1),
  description: z.string().max(20000).optional(),
  isPreview: z.boolean().optional(),
});
export const updateLectureRequestSchema = z.object({
  title: lectureTitle.optional(),
  description: z.string().max(20000).optional(),
  isPreview: z.boolean().optional(),
  order: z.number().int().min(0).optional(),
  public_id: z.string().max(500).optional(),
  secure_url: z.string().max(2000).optional(),
  duration: z.number().min(0).optional(),
});
export const reorderLecturesRequestSchema = z.object({ lectureIds: z.array(z.string()).min(1).max(500) });

export const lectureResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({ lecture: lectureSchema }),
});
export const lectureListResponseSchema = z.object({ videos: z.array(lectureSchema) });
