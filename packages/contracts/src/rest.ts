/**
 * The REST route table: every /api/v1 route with its method, path, schemas and required access.
 * The server registers /api/v1 from it, the OpenAPI document is generated from it and the
 * authorization test walks it, so no route can exist without a declared permission.
 */
import { z } from 'zod';
import * as admin from './admin';
import * as auth from './auth';
import * as course from './course';
import * as lecture from './lecture';
import * as media from './media';
import * as payment from './payment';
import { type Access, AUTHENTICATED, PUBLIC, requires } from './permissions';
import * as progress from './progress';
import { API_PREFIX, REST_PATHS } from './rest-paths';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRoute {
  method: HttpMethod;
  /** Relative to /api/v1, with OpenAPI-style parameters: /courses/{id}. */
  path: string;
  access: Access;
  tag: string;
  summary: string;
  /** Longer OpenAPI description (request and response shape), after the access line. */
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body arrives: JSON (default), multipart form data, or raw bytes (webhook signatures). */
  bodyKind?: 'json' | 'multipart' | 'raw';
  response: z.ZodType;
  /** 'binary': the handler streams the body itself (media downloads); the response schema is not checked. */
  responseKind?: 'json' | 'binary';
  successStatus?: number;
}

export { API_PREFIX };

const idParams = z.object({ id: z.string().min(1) });
const courseIdParams = z.object({ courseId: z.string().min(1) });
const lectureIdParams = z.object({ lectureId: z.string().min(1) });
const videoIdParams = z.object({ videoId: z.string().min(1) });
const manageCourses = requires('create_courses', 'manage_own_courses');

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});

export const restRoutes = {
  health: {
    method: 'GET',
    path: '/health',
    access: PUBLIC,
    tag: 'meta',
    summary: 'Liveness and database check',
    response: healthResponseSchema,
  },
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    access: PUBLIC,
    tag: 'meta',
    summary: 'This OpenAPI 3.1 document',
    response: z.record(z.string(), z.unknown()),
  },

  authSignup: {
    ...REST_PATHS.authSignup,
    access: PUBLIC,
    tag: 'auth',
    summary: 'Create a student account',
    body: auth.signupRequestSchema,
    response: auth.signupResponseSchema,
    successStatus: 201,
  },
  authLogin: {
    ...REST_PATHS.authLogin,
    access: PUBLIC,
    tag: 'auth',
    summary: 'Sign in; sets the refresh cookie',
    body: auth.loginRequestSchema,
    response: auth.authSessionSchema,
  },
  authRefresh: {
    ...REST_PATHS.authRefresh,
    access: PUBLIC,
    tag: 'auth',
    summary: 'Rotate the refresh cookie and return a new access token',
    response: auth.authSessionSchema,
  },
  authLogout: {
    ...REST_PATHS.authLogout,
    access: PUBLIC,
    tag: 'auth',
    summary: 'Revoke the session and clear the refresh cookie',
    response: auth.messageResponseSchema,
  },
  authMe: {
    method: 'GET',
    path: '/auth/me',
    access: AUTHENTICATED,
    tag: 'auth',
    summary: 'The current user',
    response: auth.meResponseSchema,
  },

  listCourses: {
    ...REST_PATHS.listCourses,
    access: PUBLIC,
    tag: 'courses',
    summary: 'Published courses (search, category, level, cursor pagination)',
    query: course.courseListQuerySchema,
    response: course.courseListResponseSchema,
  },
  createCourse: {
    method: 'POST',
    path: '/courses',
    access: requires('create_courses'),
    tag: 'courses',
    summary: 'Create a course',
    body: course.createCourseRequestSchema,
    response: course.createCourseResponseSchema,
    successStatus: 201,
  },
  coursesByIds: {
    method: 'POST',
    path: '/courses/by-ids',
    access: PUBLIC,
    tag: 'courses',
    summary: 'Courses by id (those the viewer may see)',
    body: course.byIdsRequestSchema,
    response: course.byIdsResponseSchema,
  },
  myCourses: {
    method: 'GET',
    path: '/courses/my-courses',
    access: AUTHENTICATED,
    tag: 'courses',
    summary: 'Courses the viewer purchased',
    response: course.courseListResponseSchema,
  },
  courseOverview: {
    method: 'GET',
    path: '/courses/coures-overview',
    access: manageCourses,
    tag: 'courses',
    summary: 'Per-course counts for the viewer’s manageable courses (path spelt so)',
    response: course.courseOverviewResponseSchema,
  },
  getCourse: {
    method: 'GET',
    path: '/courses/{id}',
    access: PUBLIC,
    tag: 'courses',
    summary: 'One course with viewer-dependent fields',
    params: idParams,
    response: course.courseResponseSchema,
  },
  updateCourse: {
    method: 'PATCH',
    path: '/courses/{id}',
    access: manageCourses,
    tag: 'courses',
    summary: 'Update a course (owner or admin)',
    params: idParams,
    body: course.updateCourseRequestSchema,
    response: course.updateCourseResponseSchema,
  },
  deleteCourse: {
    method: 'DELETE',
    path: '/courses/{id}',
    access: manageCourses,
    tag: 'courses',
    summary: 'Delete a course, its lectures and files (owner or admin)',
    params: idParams,
    response: auth.messageResponseSchema,
  },
  instructorCourses: {
    method: 'GET',
    path: '/instructor/courses',
    access: manageCourses,
    tag: 'courses',
    summary: 'The instructor’s own courses (all courses for admins)',
    query: course.courseListQuerySchema,
    response: course.courseListResponseSchema,
  },

  createLecture: {
    method: 'POST',
    path: '/videos/lecture',
    access: manageCourses,
    tag: 'lectures',
    summary: 'Create a lecture',
    body: lecture.createLectureRequestSchema,
    response: lecture.lectureResponseSchema,
    successStatus: 201,
  },
  uploadSignature: {
    method: 'GET',
    path: '/videos/signature',
    access: manageCourses,
    tag: 'lectures',
    summary: 'A short-lived direct upload target',
    description:
      'The course must be one the caller manages (404 if they cannot see it, 403 if they can but do not manage it). ' +
      '`kind` is `lecture` (video/mp4, video/webm, video/quicktime; default video/mp4) or `thumbnail` ' +
      '(image/jpeg, image/png, image/webp, image/gif; default image/jpeg); another `contentType` is 400. ' +
      "The spec's Cloudinary fields become a direct upload target: POST `multipart/form-data` to `uploadUrl` " +
      'with every entry of `fields` first and the file last, in a part named `file` whose Content-Type is ' +
      'exactly `contentType`, before `expiresAt` and at most `maxBytes` long. Local driver: the target is ' +
      'POST /api/v1/media/upload and answers `{ public_id, secure_url, duration }`. S3 driver: the target is ' +
      'the bucket (presigned POST; the policy pins key, Content-Type and size) and answers 204; `public_id` is ' +
      '`key`. Then send `key` as `public_id` to the course or lecture update.',
    query: media.uploadSignatureQuerySchema,
    response: media.uploadSignatureSchema,
  },
  uploadLecture: {
    method: 'POST',
    path: '/videos/upload',
    access: manageCourses,
    tag: 'lectures',
    summary: 'Upload a lecture video (multipart, streamed to storage)',
    description:
      'multipart/form-data: the text fields `title`, `description`, `courseId`, `isPreview` FIRST, then the ' +
      'file in a part named `lecture` (video/mp4, video/webm or video/quicktime, up to MAX_VIDEO_BYTES). The ' +
      'file streams to storage as it arrives, so fields sent after it are not read and a file before its ' +
      'fields is refused (400). 413 past the size limit, 415 when the declared type or the file content is not ' +
      'an allowed video; nothing is stored on any failure.',
    body: media.lectureUploadFormSchema,
    bodyKind: 'multipart',
    response: lecture.lectureResponseSchema,
    successStatus: 201,
  },
  getLecture: {
    method: 'GET',
    path: '/videos/video/{lectureId}',
    access: PUBLIC,
    tag: 'lectures',
    summary: 'One lecture (no video URL unless the viewer may play it)',
    params: lectureIdParams,
    response: lecture.lectureResponseSchema,
  },
  listLectures: {
    method: 'GET',
    path: '/videos/{id}',
    access: PUBLIC,
    tag: 'lectures',
    summary: 'Lectures of a course in order (id = course id)',
    params: idParams,
    response: lecture.lectureListResponseSchema,
  },
  reorderLectures: {
    method: 'PATCH',
    path: '/videos/{courseId}/order',
    access: manageCourses,
    tag: 'lectures',
    summary: 'Reorder the lectures of a course',
    params: courseIdParams,
    body: lecture.reorderLecturesRequestSchema,
    response: lecture.lectureListResponseSchema,
  },
  updateLecture: {
    method: 'PATCH',
    path: '/videos/{lectureId}/video_thumbnail',
    access: manageCourses,
    tag: 'lectures',
    summary: 'Update a lecture and its video fields',
    params: lectureIdParams,
    body: lecture.updateLectureRequestSchema,
    response: lecture.lectureResponseSchema,
  },
  deleteLecture: {
    method: 'DELETE',
    path: '/videos/{id}',
    access: manageCourses,
    tag: 'lectures',
    summary: 'Delete a lecture and its file (id = lecture id)',
    params: idParams,
    response: auth.messageResponseSchema,
  },

  recordProgress: {
    method: 'POST',
    path: '/progress/{videoId}',
    access: requires('track_progress'),
    tag: 'progress',
    summary: 'Record progress on a lecture',
    params: videoIdParams,
    body: progress.recordProgressRequestSchema,
    response: progress.recordProgressResponseSchema,
  },
  courseProgress: {
    method: 'GET',
    path: '/progress/course/{courseId}',
    access: requires('track_progress'),
    tag: 'progress',
    summary: 'Progress on a course',
    params: courseIdParams,
    response: progress.courseProgressResponseSchema,
  },

  mediaUpload: {
    method: 'POST',
    path: '/media/upload',
    // Authorised by the short-lived signature from GET /videos/signature, not by a session: the browser
    // posts the file straight to the storage target, as it would to S3.
    access: PUBLIC,
    tag: 'media',
    summary: 'Local storage driver: direct upload target (multipart: the signature fields, then `file`)',
    description:
      'multipart/form-data with the `fields` from GET /videos/signature (key, contentType, maxBytes, expires, ' +
      'signature) first, then the file in a part named `file` declaring exactly `contentType`. 403 for a bad or ' +
      'expired signature, 413 past `maxBytes`, 415 when the declared type or the magic bytes differ from ' +
      '`contentType`; a refused upload leaves nothing behind. 404 when the S3 driver is in use.',
    bodyKind: 'multipart',
    response: media.mediaUploadResultSchema,
    successStatus: 201,
  },
  mediaDownload: {
    method: 'GET',
    path: '/media/{key}',
    // Public thumbnails need no signature; lecture video needs the short-lived signed URL the API hands out.
    access: PUBLIC,
    tag: 'media',
    summary: 'Local storage driver: download (HTTP Range supported; lecture video needs a signed URL)',
    description:
      '`key` is URL-encoded (slashes as %2F). Thumbnails are public (Cache-Control: public); anything else needs ' +
      'the `expires` and `signature` of a URL the API handed out (403 otherwise; Cache-Control: private). ' +
      'Single byte ranges answer 206 with Content-Range, an unsatisfiable one 416. 404 when the S3 driver is in use.',
    params: z.object({ key: z.string().min(1) }),
    query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
    response: z.unknown(),
    responseKind: 'binary',
  },

  paymentConfig: {
    method: 'GET',
    path: '/payment/config',
    access: PUBLIC,
    tag: 'payment',
    summary: 'Which payment provider runs and its publishable key',
    response: payment.paymentConfigResponseSchema,
  },
  createPaymentIntent: {
    method: 'POST',
    path: '/payment/create-payment-intent',
    access: AUTHENTICATED,
    tag: 'payment',
    summary: 'Start paying for a course (price read on the server)',
    body: payment.createPaymentIntentRequestSchema,
    response: payment.createPaymentIntentResponseSchema,
  },
  confirmPayment: {
    method: 'POST',
    path: '/payment/confirm-payment',
    access: AUTHENTICATED,
    tag: 'payment',
    summary: 'Enroll after a succeeded payment',
    body: payment.confirmPaymentRequestSchema,
    response: payment.confirmPaymentResponseSchema,
  },
  testConfirmCard: {
    method: 'POST',
    path: '/payment/test/confirm-card',
    access: AUTHENTICATED,
    tag: 'payment',
    summary: 'Test payment mode only: confirm a payment intent with a Stripe test card number',
    description:
      '404 unless PAYMENT_PROVIDER is test. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined and ' +
      '4000 0000 0000 9995 fails for insufficient funds (402 PAYMENT_FAILED with the card message).',
    body: payment.testConfirmCardRequestSchema,
    response: payment.testConfirmCardResponseSchema,
  },
  paymentWebhook: {
    method: 'POST',
    path: '/payment/webhook',
    access: PUBLIC,
    tag: 'payment',
    summary: 'Stripe webhook (signature-verified)',
    bodyKind: 'raw',
    response: payment.webhookResponseSchema,
  },

  adminOverview: {
    method: 'GET',
    path: '/admin/overview',
    access: requires('all'),
    tag: 'admin',
    summary: 'Platform totals, revenue, signups, top courses, transactions',
    response: admin.adminOverviewSchema,
  },
  adminUsersOverview: {
    method: 'GET',
    path: '/admin/users/overview',
    access: requires('all'),
    tag: 'admin',
    summary: 'User totals, signups and recent users',
    response: admin.userOverviewSchema,
  },
  adminInstructors: {
    method: 'GET',
    path: '/admin/instructors',
    access: requires('all'),
    tag: 'admin',
    summary: 'Every instructor by name (to name the instructor of a new course)',
    response: admin.instructorListSchema,
  },
  adminUpdateUser: {
    method: 'PATCH',
    path: '/admin/users/{id}',
    access: requires('all'),
    tag: 'admin',
    summary: 'Suspend, activate or change the role of a user',
    params: idParams,
    body: admin.updateUserRequestSchema,
    response: admin.updateUserResponseSchema,
  },
  adminEngagement: {
    method: 'GET',
    path: '/admin/engagement',
    access: requires('all'),
    tag: 'admin',
    summary: 'Active users, session time, popular categories, drop-off',
    response: admin.engagementSchema,
  },
} as const satisfies Record<string, RestRoute>;

export type RestRouteName = keyof typeof restRoutes;
export type RestRoutes = typeof restRoutes;

/** `/courses/{id}` -> `/courses/:id` (the router's syntax). */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fill `{param}`s of a route path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
