/** announcements.*: resolvers over services/announcements (an instructor's posts to a course's students). */
import { ANNOUNCEMENT_MESSAGES } from '@lectio/contracts/announcements';
import { operations } from '@lectio/contracts/api';
import {
  deleteAnnouncement,
  listAnnouncements,
  postAnnouncement,
} from '../../services/announcements/announcements';
import { implement } from '../build-router';

export const announcementProcedures = implement(operations.announcements, {
  async list({ ctx, input }) {
    return { data: await listAnnouncements(ctx.services, ctx.actor, input) };
  },
  async post({ ctx, input }) {
    return {
      message: ANNOUNCEMENT_MESSAGES.posted,
      data: { announcement: await postAnnouncement(ctx.services, ctx.actor, input) },
    };
  },
  async delete({ ctx, input }) {
    await deleteAnnouncement(ctx.services, ctx.actor, input.announcementId);
    return { message: ANNOUNCEMENT_MESSAGES.deleted };
  },
});
