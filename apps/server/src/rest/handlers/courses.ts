/** /api/v1/courses*, /instructor/courses: thin handlers over services/courses. */
import { AUTH_MESSAGES, COURSE_MESSAGES } from '@lectio/contracts/messages';
import { unauthorized } from '../../lib/errors';
import { viewedCourse } from '../../services/activity/course-views';
import type { Actor } from '../../services/context';
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
import type { RestHandlers } from '../types';

/** The registrar refuses anonymous calls to non-public routes; this narrows the type for the services. */
export function signedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthorized(AUTH_MESSAGES.notSignedIn);
  return actor;
}

export const courseHandlers: Pick<
  RestHandlers,
  | 'listCourses'
  | 'createCourse'
  | 'coursesByIds'
  | 'myCourses'
  | 'courseOverview'
  | 'getCourse'
  | 'updateCourse'
  | 'deleteCourse'
  | 'instructorCourses'
> = {
  async listCourses({ services, actor, query }) {
    return { data: await listPublishedCourses(services, actor, query) };
  },
  async createCourse({ services, actor, body }) {
    const course = await createCourse(services, signedIn(actor), body);
    return { message: COURSE_MESSAGES.courseCreated, data: { course } };
  },
  async coursesByIds({ services, actor, body }) {
    return { data: { courses: await coursesByIds(services, actor, body.courseIds) } };
  },
  async myCourses({ services, actor }) {
    return { data: await listMyCourses(services, signedIn(actor)) };
  },
  async courseOverview({ services, actor }) {
    return { data: await courseOverview(services, signedIn(actor)) };
  },
  async getCourse({ services, actor, params }) {
    return { data: viewedCourse(services, actor, await getCourse(services, actor, params.id)) };
  },
  async updateCourse({ services, actor, params, body }) {
    const course = await updateCourse(services, signedIn(actor), params.id, body);
    return { message: COURSE_MESSAGES.courseUpdated, data: { course } };
  },
  async deleteCourse({ services, actor, params }) {
    await deleteCourse(services, signedIn(actor), params.id);
    return { message: COURSE_MESSAGES.courseDeleted };
  },
  async instructorCourses({ services, actor, query }) {
    return { data: await listInstructorCourses(services, signedIn(actor), query) };
  },
};
