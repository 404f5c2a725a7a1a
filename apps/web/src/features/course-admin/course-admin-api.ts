/**
 * The course-management calls (spec section 7) over REST /api/v1: the managed course list, course create,
 * update and delete, lectures, and the upload signature. Paths, methods and schemas come from the
 * contracts' `restRoutes`. They live apart from the catalogue's read calls, so the public pages never
 * download them.
 */
import type { CreateCourseRequest, UpdateCourseRequest } from '@lectio/contracts/course';
import type { Lecture } from '@lectio/contracts/lecture';
import type { MEDIA_KINDS } from '@lectio/contracts/media';
import { fillPath, restRoutes } from '@lectio/contracts/rest';
import { type CoursePage, queryString } from '~/features/catalog/published-courses-api';
import { apiRequest } from '~/lib/api';

/** What a schema's parse returns (the web app reaches zod only through the contracts). */
type Parsed<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;
export type UploadSignature = Parsed<typeof restRoutes.uploadSignature.response>;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type CreateLectureRequest = Parsed<typeof restRoutes.createLecture.body>;
export type UpdateLectureRequest = Parsed<typeof restRoutes.updateLecture.body>;

/** GET /instructor/courses: the instructor's own courses, every course for an admin. */
export async function listManagedCourses(
  query: { limit?: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<CoursePage> {
  const route = restRoutes.instructorCourses;
  const body = await apiRequest(`${route.path}${queryString({ ...query })}`, {
    schema: route.response,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

export async function createCourse(values: CreateCourseRequest) {
  const route = restRoutes.createCourse;
  return apiRequest(route.path, { method: route.method, body: values, schema: route.response });
}

export async function updateCourse(id: string, values: UpdateCourseRequest) {
  const route = restRoutes.updateCourse;
  return apiRequest(fillPath(route.path, { id }), {
    method: route.method,
    body: values,
    schema: route.response,
  });
}

export async function deleteCourse(id: string) {
  const route = restRoutes.deleteCourse;
  return apiRequest(fillPath(route.path, { id }), { method: route.method, schema: route.response });
}

/** GET /videos/{courseId}: the course's lectures in order. */
export async function listLectures(courseId: string, signal?: AbortSignal): Promise<Lecture[]> {
  const route = restRoutes.listLectures;
  const body = await apiRequest(fillPath(route.path, { id: courseId }), {
    schema: route.response,
    ...(signal ? { signal } : {}),
  });
  return body.videos;
}

export async function getLecture(lectureId: string, signal?: AbortSignal): Promise<Lecture> {
  const route = restRoutes.getLecture;
  const body = await apiRequest(fillPath(route.path, { lectureId }), {
    schema: route.response,
    ...(signal ? { signal } : {}),
  });
  return body.data.lecture;
}

export async function createLecture(values: CreateLectureRequest) {
  const route = restRoutes.createLecture;
  return apiRequest(route.path, { method: route.method, body: values, schema: route.response });
}

export async function updateLecture(lectureId: string, values: UpdateLectureRequest) {
  const route = restRoutes.updateLecture;
  return apiRequest(fillPath(route.path, { lectureId }), {
    method: route.method,
    body: values,
    schema: route.response,
  });
}

/** PATCH /videos/{courseId}/order: the full new order of the course's lectures. */
export async function reorderLectures(courseId: string, lectureIds: string[]): Promise<Lecture[]> {
  const route = restRoutes.reorderLectures;
  const body = await apiRequest(fillPath(route.path, { courseId }), {
    method: route.method,
    body: { lectureIds },
    schema: route.response,
  });
  return body.videos;
}

export async function deleteLecture(lectureId: string) {
  const route = restRoutes.deleteLecture;
  return apiRequest(fillPath(route.path, { id: lectureId }), {
    method: route.method,
    schema: route.response,
  });
}

/** GET /videos/signature: a short-lived direct upload target for one file. */
export async function getUploadSignature(request: {
  kind: MediaKind;
  courseId: string;
  contentType?: string;
}): Promise<UploadSignature> {
  const route = restRoutes.uploadSignature;
  return apiRequest(`${route.path}${queryString(request)}`, { schema: route.response });
}
