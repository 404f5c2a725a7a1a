/**
 * The course-management calls made outside a component's mutation (spec sections 4 and 7): the upload
 * target for a direct upload (`media.uploadSignature`) and the lecture update that puts an uploaded
 * video on its lecture. The screens' own mutations use the tRPC options proxy (`trpc.courses.update
 * .mutationOptions()`...); the queries are in course-admin-queries.ts. Apart from the catalogue's calls,
 * so the public pages never download them.
 */
import type { AppRouter } from '@lectio/contracts/api';
import type { MEDIA_KINDS } from '@lectio/contracts/media';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { queryClient } from '~/lib/query-client';
import { FRESH, runMutation, trpc } from '~/lib/trpc';

export type UploadSignature = inferRouterOutputs<AppRouter>['media']['uploadSignature'];
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type CreateLectureRequest = inferRouterInputs<AppRouter>['lectures']['create'];
export type UpdateLectureRequest = Omit<inferRouterInputs<AppRouter>['lectures']['update'], 'lectureId'>;

/** `media.uploadSignature`: a short-lived direct upload target for one file (never cached). */
export function getUploadSignature(request: {
  kind: MediaKind;
  courseId: string;
  contentType?: string;
}): Promise<UploadSignature> {
  return queryClient.fetchQuery(trpc.media.uploadSignature.queryOptions(request, FRESH));
}

/** `lectures.update`, for a video just uploaded (lecture-video.ts). */
export function updateLecture(lectureId: string, values: UpdateLectureRequest) {
  return runMutation(trpc.lectures.update.mutationOptions(), { ...values, lectureId });
}
