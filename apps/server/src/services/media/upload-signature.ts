/**
 * GET /videos/signature and media.uploadSignature: a short-lived direct upload target for one new object
 * of a course the actor manages. The key is chosen here, never by the client, and binds the file to the
 * course and the uploader: courses/{courseId}/{kind}/{uploaderId}-{random}.{ext}.
 */
import type { uploadSignatureQuerySchema, uploadSignatureSchema } from '@lectio/contracts/media';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { buildMediaKey } from '../../storage/media-keys';
import { allowedContentTypes, DEFAULT_CONTENT_TYPE, extensionFor } from '../../storage/media-types';
import type { MediaKind } from '../../storage/storage-port';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse } from '../courses/course-access';

export type UploadSignatureInput = z.output<typeof uploadSignatureQuerySchema>;
export type UploadSignature = z.input<typeof uploadSignatureSchema>;

/** Images (thumbnails and avatars) share the thumbnail limit; lecture video and resources have their own. */
export function maxBytesFor(ctx: ServiceContext, kind: MediaKind): number {
  if (kind === 'lecture') return ctx.config.storage.maxVideoBytes;
  if (kind === 'resource') return ctx.config.storage.maxResourceBytes;
  return ctx.config.storage.maxThumbnailBytes;
}

const KIND_WORD: Record<MediaKind, string> = {
  lecture: 'video',
  thumbnail: 'image',
  avatar: 'image',
  resource: 'resource file',
};

/** The extension for an allowed content type of the kind; 400 naming the allowed types otherwise. */
export function assertAllowedContentType(
  kind: MediaKind,
  contentType: string,
  field = 'contentType',
): string {
  const extension = extensionFor(kind, contentType);
  if (!extension) {
    const message = `Unsupported ${KIND_WORD[kind]} type; allowed: ${allowedContentTypes(kind).join(', ')}`;
    throw new AppError('BAD_REQUEST', message, [{ path: field, message }]);
  }
  return extension;
}

export async function createUploadSignature(
  ctx: ServiceContext,
  actor: Actor,
  input: UploadSignatureInput,
): Promise<UploadSignature> {
  const contentType = input.contentType ?? DEFAULT_CONTENT_TYPE[input.kind];
  const extension = assertAllowedContentType(input.kind, contentType);
  // 404 for a course the actor can't see, 403 for one they can see but don't manage.
  await assertCanManageCourse(
    ctx,
    actor,
    input.courseId,
    input.kind === 'thumbnail' ? COURSE_MESSAGES.noUpdatePermission : COURSE_MESSAGES.noLecturePermission,
  );

  const key = buildMediaKey({ courseId: input.courseId, kind: input.kind, uploaderId: actor.id, extension });
  return signUpload(ctx, { key, kind: input.kind, contentType });
}

/** The upload target for `key` (the kind's size limit, the configured lifetime) as the signature answer. */
export async function signUpload(
  ctx: ServiceContext,
  upload: { key: string; kind: MediaKind; contentType: string },
): Promise<UploadSignature> {
  const maxBytes = maxBytesFor(ctx, upload.kind);
  const target = await ctx.storage.createUploadTarget({
    ...upload,
    maxBytes,
    expiresInSeconds: ctx.config.storage.uploadUrlTtlSeconds,
  });
  return {
    apiKey: ctx.storage.driver,
    timestamp: Math.floor(ctx.now().getTime() / 1000),
    signature: target.fields.signature ?? target.fields['X-Amz-Signature'] ?? '',
    cloudName: ctx.storage.publicName,
    uploadUrl: target.url,
    fields: target.fields,
    key: upload.key,
    maxBytes,
    expiresAt: target.expiresAt.toISOString(),
  };
}
