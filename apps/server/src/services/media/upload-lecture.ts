/**
 * POST /videos/upload: a lecture created together with its video, the file streamed straight into
 * storage (never held in memory) under a key bound to the course and the uploader. Ownership is checked
 * before a byte is stored; if creating the lecture fails afterwards, the stored file is deleted. The
 * duration is read from the MP4/MOV metadata while the file streams (storage/mp4-duration.ts).
 */

import type { Readable } from 'node:stream';
import { createLectureRequestSchema, type Lecture } from '@lectio/contracts/lecture';
import type { lectureUploadFormSchema } from '@lectio/contracts/media';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { buildMediaKey } from '../../storage/media-keys';
import { allowedContentTypes, extensionFor } from '../../storage/media-types';
import { Mp4DurationProbe } from '../../storage/mp4-duration';
import { unsupportedMediaType } from '../../storage/upload-guard';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse } from '../courses/course-access';
import { createLecture } from '../lectures/create-lecture';

export type LectureUploadForm = z.output<typeof lectureUploadFormSchema>;

export async function uploadLectureVideo(
  ctx: ServiceContext,
  actor: Actor,
  form: LectureUploadForm,
  file: { stream: Readable; contentType: string },
): Promise<Lecture> {
  // The body can fail while the checks below wait on the database (a request cut off in the middle of
  // the file): the parser then destroys the file stream with the error, and a stream destroyed before it
  // is piped never ends the pipe. Remember the failure now and look at it before piping.
  let failure: unknown;
  file.stream.once('error', (error) => {
    failure ??= error;
  });
  const input = createLectureRequestSchema.parse({
    title: form.title,
    description: form.description,
    courseId: form.courseId,
    isPreview: form.isPreview === 'true',
  });
  const extension = extensionFor('lecture', file.contentType);
  if (!extension) {
    throw unsupportedMediaType(`one of ${allowedContentTypes('lecture').join(', ')}`);
  }
  await assertCanManageCourse(ctx, actor, input.courseId, COURSE_MESSAGES.noLecturePermission);

  const key = buildMediaKey({ courseId: input.courseId, kind: 'lecture', uploaderId: actor.id, extension });
  failure ??= file.stream.errored;
  if (failure || (file.stream.destroyed && !file.stream.readableEnded)) {
    throw badRequest(
      `Malformed multipart body: ${failure instanceof Error ? failure.message : 'the file was cut off'}`,
    );
  }
  // The form carries no duration: read it from the file's own metadata as it streams past (MP4/MOV).
  const probe = new Mp4DurationProbe();
  file.stream.on('error', (error) => probe.destroy(error));
  // If storage gives up early (too large, wrong type), release the source too, as a direct pipe would.
  probe.on('close', () => {
    if (!file.stream.readableEnded) file.stream.destroy();
  });
  await ctx.storage.putStream(key, file.stream.pipe(probe), {
    contentType: file.contentType,
    maxBytes: ctx.config.storage.maxVideoBytes,
  });
  try {
    return await createLecture(ctx, actor, input, { videoKey: key, durationSeconds: probe.durationSeconds });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    throw error;
  }
}
