/** lectures.*: the same services and contracts as /api/v1/videos, with the same access per call. */
import { messageResponseSchema } from '@lectio/contracts/auth';
import {
  createLectureRequestSchema,
  lectureListResponseSchema,
  lectureResponseSchema,
  reorderLecturesRequestSchema,
  updateLectureRequestSchema,
} from '@lectio/contracts/lecture';
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { z } from 'zod';
import { createLecture } from '../../services/lectures/create-lecture';
import { deleteLecture } from '../../services/lectures/delete-lecture';
import { getLecture, listLectures } from '../../services/lectures/read-lectures';
import { reorderLectures } from '../../services/lectures/reorder-lectures';
import { updateLecture } from '../../services/lectures/update-lecture';
import { contractOutput, publicProcedure, requirePermission, router } from '../init';

const manageCourses = requirePermission('create_courses', 'manage_own_courses');
const courseId = z.object({ courseId: z.string().min(1) });
const lectureId = z.object({ lectureId: z.string().min(1) });

export const lecturesRouter = router({
  list: publicProcedure
    .input(courseId)
    .output(contractOutput(lectureListResponseSchema))
    .query(async ({ ctx, input }) => ({
      videos: await listLectures(ctx.services, ctx.actor, input.courseId),
    })),
  get: publicProcedure
    .input(lectureId)
    .output(contractOutput(lectureResponseSchema))
    .query(async ({ ctx, input }) => ({
      data: { lecture: await getLecture(ctx.services, ctx.actor, input.lectureId) },
    })),
  create: manageCourses
    .input(createLectureRequestSchema)
    .output(contractOutput(lectureResponseSchema))
    .mutation(async ({ ctx, input }) => ({
      message: LECTURE_MESSAGES.created,
      data: { lecture: await createLecture(ctx.services, ctx.actor, input) },
    })),
  update: manageCourses
    .input(updateLectureRequestSchema.extend(lectureId.shape))
    .output(contractOutput(lectureResponseSchema))
    .mutation(async ({ ctx, input: { lectureId: id, ...changes } }) => ({
      message: LECTURE_MESSAGES.updated,
      data: { lecture: await updateLecture(ctx.services, ctx.actor, id, changes) },
    })),
  reorder: manageCourses
    .input(reorderLecturesRequestSchema.extend(courseId.shape))
    .output(contractOutput(lectureListResponseSchema))
    .mutation(async ({ ctx, input }) => ({
      videos: await reorderLectures(ctx.services, ctx.actor, input.courseId, input.lectureIds),
    })),
  delete: manageCourses
    .input(lectureId)
    .output(contractOutput(messageResponseSchema))
    .mutation(async ({ ctx, input }) => {
      await deleteLecture(ctx.services, ctx.actor, input.lectureId);
      return { message: LECTURE_MESSAGES.deleted };
    }),
});
