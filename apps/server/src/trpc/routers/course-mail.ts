/** courseMail.*: resolvers over services/course-mail (a user's e-mail about each course, and unsubscribe links). */
import { operations } from '@lectio/contracts/api';
import { COURSE_MAIL_MESSAGES } from '@lectio/contracts/course-mail';
import {
  coursePreference,
  resubscribeByToken,
  setCoursePreference,
  subscriptionByToken,
  unsubscribeByToken,
} from '../../services/course-mail/course-mail';
import { implement } from '../build-router';

export const courseMailProcedures = implement(operations.courseMail, {
  async byToken({ ctx, input }) {
    return { data: await subscriptionByToken(ctx.services, input.token) };
  },
  async unsubscribe({ ctx, input }) {
    const data = await unsubscribeByToken(ctx.services, input.token);
    return { message: COURSE_MAIL_MESSAGES.unsubscribed(data.courseTitle), data };
  },
  async resubscribe({ ctx, input }) {
    const data = await resubscribeByToken(ctx.services, input.token);
    return { message: COURSE_MAIL_MESSAGES.resubscribed(data.courseTitle), data };
  },
  async preference({ ctx, input }) {
    return { data: await coursePreference(ctx.services, ctx.actor, input.courseId) };
  },
  async setPreference({ ctx, input }) {
    const data = await setCoursePreference(ctx.services, ctx.actor, input);
    return {
      message: data.emails ? COURSE_MAIL_MESSAGES.emailsOn : COURSE_MAIL_MESSAGES.emailsOff,
      data,
    };
  },
});
