/** progress.*: resolvers over services/progress. */
import { operations } from '@lectio/contracts/api';
import { getCourseProgress, recordProgress } from '../../services/progress/lecture-progress';
import { markArticleRead } from '../../services/progress/mark-article-read';
import { implement } from '../build-router';

export const progressProcedures = implement(operations.progress, {
  async record({ ctx, input: { videoId, ...body } }) {
    return recordProgress(ctx.services, ctx.actor, videoId, body);
  },
  async markRead({ ctx, input }) {
    return markArticleRead(ctx.services, ctx.actor, input.lectureId);
  },
  async course({ ctx, input }) {
    return { progress: await getCourseProgress(ctx.services, ctx.actor, input.courseId) };
  },
});
