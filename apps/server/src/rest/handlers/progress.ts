/** /api/v1/progress/*: thin handlers over services/progress. */
import { getCourseProgress, recordProgress } from '../../services/progress/lecture-progress';
import type { RestHandlers } from '../types';
import { signedIn } from './courses';

export const progressHandlers: Pick<RestHandlers, 'recordProgress' | 'courseProgress'> = {
  async recordProgress({ services, actor, params, body }) {
    return { progress: await recordProgress(services, signedIn(actor), params.videoId, body) };
  },
  async courseProgress({ services, actor, params }) {
    return { progress: await getCourseProgress(services, signedIn(actor), params.courseId) };
  },
};
