/** progress.*: the same services and contracts as /api/v1/progress, with the same permission. */
import {
  courseProgressResponseSchema,
  recordProgressRequestSchema,
  recordProgressResponseSchema,
} from '@lectio/contracts/progress';
import { z } from 'zod';
import { getCourseProgress, recordProgress } from '../../services/progress/lecture-progress';
import { contractOutput, requirePermission, router } from '../init';

const trackProgress = requirePermission('track_progress');

export const progressRouter = router({
  record: trackProgress
    .input(recordProgressRequestSchema.extend({ videoId: z.string().min(1) }))
    .output(contractOutput(recordProgressResponseSchema))
    .mutation(async ({ ctx, input: { videoId, ...body } }) => ({
      progress: await recordProgress(ctx.services, ctx.actor, videoId, body),
    })),
  course: trackProgress
    .input(z.object({ courseId: z.string().min(1) }))
    .output(contractOutput(courseProgressResponseSchema))
    .query(async ({ ctx, input }) => ({
      progress: await getCourseProgress(ctx.services, ctx.actor, input.courseId),
    })),
});
