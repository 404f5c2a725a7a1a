/** courses.*: the same services and contracts as /api/v1/courses, with the same access per call. */
import { messageResponseSchema } from '@lectio/contracts/auth';
import {
  byIdsRequestSchema,
  byIdsResponseSchema,
  courseListQuerySchema,
  courseListResponseSchema,
  courseOverviewResponseSchema,
  courseResponseSchema,
  createCourseRequestSchema,
  createCourseResponseSchema,
  updateCourseRequestSchema,
  updateCourseResponseSchema,
} from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { z } from 'zod';
import { viewedCourse } from '../../services/activity/course-views';
import { courseOverview } from '../../services/courses/course-overview';
import { createCourse } from '../../services/courses/create-course';
import { deleteCourse } from '../../services/courses/delete-course';
import { getCourse } from '../../services/courses/get-course';
import {
  coursesByIds,
  listInstructorCourses,
  listMyCourses,
  listPublishedCourses,
} from '../../services/courses/list-courses';
import { updateCourse } from '../../services/courses/update-course';
import { authedProcedure, contractOutput, publicProcedure, requirePermission, router } from '../init';

const manageCourses = requirePermission('create_courses', 'manage_own_courses');
const courseId = z.object({ id: z.string().min(1) });

export const coursesRouter = router({
  list: publicProcedure
    .input(courseListQuerySchema)
    .output(contractOutput(courseListResponseSchema))
    .query(async ({ ctx, input }) => ({ data: await listPublishedCourses(ctx.services, ctx.actor, input) })),
  get: publicProcedure
    .input(courseId)
    .output(contractOutput(courseResponseSchema))
    .query(async ({ ctx, input }) => ({
      data: viewedCourse(ctx.services, ctx.actor, await getCourse(ctx.services, ctx.actor, input.id)),
    })),
  byIds: publicProcedure
    .input(byIdsRequestSchema)
    .output(contractOutput(byIdsResponseSchema))
    .query(async ({ ctx, input }) => ({
      data: { courses: await coursesByIds(ctx.services, ctx.actor, input.courseIds) },
    })),
  mine: authedProcedure
    .output(contractOutput(courseListResponseSchema))
    .query(async ({ ctx }) => ({ data: await listMyCourses(ctx.services, ctx.actor) })),
  instructorList: manageCourses
    .input(courseListQuerySchema)
    .output(contractOutput(courseListResponseSchema))
    .query(async ({ ctx, input }) => ({ data: await listInstructorCourses(ctx.services, ctx.actor, input) })),
  overview: manageCourses
    .output(contractOutput(courseOverviewResponseSchema))
    .query(async ({ ctx }) => ({ data: await courseOverview(ctx.services, ctx.actor) })),
  create: requirePermission('create_courses')
    .input(createCourseRequestSchema)
    .output(contractOutput(createCourseResponseSchema))
    .mutation(async ({ ctx, input }) => ({
      message: COURSE_MESSAGES.courseCreated,
      data: { course: await createCourse(ctx.services, ctx.actor, input) },
    })),
  update: manageCourses
    .input(updateCourseRequestSchema.extend(courseId.shape))
    .output(contractOutput(updateCourseResponseSchema))
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      message: COURSE_MESSAGES.courseUpdated,
      data: { course: await updateCourse(ctx.services, ctx.actor, id, changes) },
    })),
  delete: manageCourses
    .input(courseId)
    .output(contractOutput(messageResponseSchema))
    .mutation(async ({ ctx, input }) => {
      await deleteCourse(ctx.services, ctx.actor, input.id);
      return { message: COURSE_MESSAGES.courseDeleted };
    }),
});
