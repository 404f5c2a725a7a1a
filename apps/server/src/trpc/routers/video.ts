/** video.*: resolvers over services/video (a video lesson's processing into adaptive HLS). */
import { operations } from '@lectio/contracts/api';
import { VIDEO_MESSAGES } from '@lectio/contracts/video';
import { videoStream } from '../../services/video/stream';
import { readVideoProcessing, retryVideoProcessing } from '../../services/video/video-processing';
import { implement } from '../build-router';

export const videoProcedures = implement(operations.video, {
  async stream({ ctx, input }) {
    return { data: await videoStream(ctx.services, ctx.actor, input.lectureId) };
  },
  async processing({ ctx, input }) {
    return { data: await readVideoProcessing(ctx.services, ctx.actor, input.lectureId) };
  },
  async retry({ ctx, input }) {
    return {
      message: VIDEO_MESSAGES.retried,
      data: await retryVideoProcessing(ctx.services, ctx.actor, input.lectureId),
    };
  },
});
