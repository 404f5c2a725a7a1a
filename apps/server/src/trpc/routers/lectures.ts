/** lectures.*: resolvers over services/lectures. Uploads with a file are an HTTP route (rest/handlers/media.ts). */
import { operations } from '@lectio/contracts/api';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { createLecture } from '../../services/lectures/create-lecture';
import { deleteLecture } from '../../services/lectures/delete-lecture';
import { getLecture, listLectures } from '../../services/lectures/read-lectures';
import { reorderLectures } from '../../services/lectures/reorder-lectures';
import { updateLecture } from '../../services/lectures/update-lecture';
import { implement } from '../build-router';

export const lectureProcedures = implement(operations.lectures, {
  async list({ ctx, input }) {
    return { videos: await listLectures(ctx.services, ctx.actor, input.id) };
  },
  async get({ ctx, input }) {
    return { data: { lecture: await getLecture(ctx.services, ctx.actor, input.lectureId) } };
  },
  async create({ ctx, input }) {
    return {
      message: LECTURE_MESSAGES.created,
      data: { lecture: await createLecture(ctx.services, ctx.actor, input) },
    };
  },
  async update({ ctx, input: { lectureId, ...changes } }) {
    return {
      message: LECTURE_MESSAGES.updated,
      data: { lecture: await updateLecture(ctx.services, ctx.actor, lectureId, changes) },
    };
  },
  async reorder({ ctx, input }) {
    return { videos: await reorderLectures(ctx.services, ctx.actor, input.courseId, input.lectureIds) };
  },
  async delete({ ctx, input }) {
    await deleteLecture(ctx.services, ctx.actor, input.id);
    return { message: LECTURE_MESSAGES.deleted };
  },
});
