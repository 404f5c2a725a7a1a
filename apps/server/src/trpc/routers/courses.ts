/** courses.*: resolvers over services/courses. */
import { operations } from '@lectio/contracts/api';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { viewedCourse } from '../../services/activity/course-views';
import { courseFacets } from '../../services/courses/course-facets';
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
import { dataEnvelope, implement } from '../build-router';

export const courseProcedures = implement(operations.courses, {
  async list({ ctx, input }) {
    return dataEnvelope(await listPublishedCourses(ctx.services, ctx.actor, input));
  },
  async facets({ ctx, input }) {
    return { data: await courseFacets(ctx.services, input) };
  },
  async create({ ctx, input }) {
    return {
      message: COURSE_MESSAGES.courseCreated,
      data: { course: await createCourse(ctx.services, ctx.actor, input) },
    };
  },
  async byIds({ ctx, input }) {
    return { data: { courses: await coursesByIds(ctx.services, ctx.actor, input.courseIds) } };
  },
  async mine({ ctx }) {
    return { data: await listMyCourses(ctx.services, ctx.actor) };
  },
  async overview({ ctx }) {
    return { data: await courseOverview(ctx.services, ctx.actor) };
  },
  async get({ ctx, input }) {
    return {
      data: viewedCourse(ctx.services, ctx.actor, await getCourse(ctx.services, ctx.actor, input.id)),
    };
  },
  async update({ ctx, input: { id, ...changes } }) {
    return {
      message: COURSE_MESSAGES.courseUpdated,
      data: { course: await updateCourse(ctx.services, ctx.actor, id, changes) },
    };
  },
  async delete({ ctx, input }) {
    await deleteCourse(ctx.services, ctx.actor, input.id);
    return { message: COURSE_MESSAGES.courseDeleted };
  },
  async instructorList({ ctx, input }) {
    return { data: await listInstructorCourses(ctx.services, ctx.actor, input) };
  },
});
