/**
 * The catalogue's other read calls (spec section 7) over REST /api/v1: one course, the viewer's purchases.
 * Paths, methods and response schemas come from the contracts' `restRoutes`. The published list is in
 * published-courses-api.ts; the course-management calls live in features/course-admin.
 */
import type { Course } from '@lectio/contracts/course';
import { fillPath, restRoutes } from '@lectio/contracts/rest';
import { apiRequest } from '~/lib/api';

/** GET /courses/my-courses: the courses the viewer purchased. */
export async function listPurchasedCourses(signal?: AbortSignal): Promise<Course[]> {
  const route = restRoutes.myCourses;
  const body = await apiRequest(route.path, { schema: route.response, ...(signal ? { signal } : {}) });
  return body.data.courses;
}

/** GET /courses/{id}: one course with the viewer-dependent canAccessAll and progress. */
export async function getCourse(id: string, signal?: AbortSignal): Promise<Course> {
  const route = restRoutes.getCourse;
  const body = await apiRequest(fillPath(route.path, { id }), {
    schema: route.response,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}
