/**
 * GET /profile/avatar/signature: a short-lived direct upload target for a new avatar, with the checks of
 * a course thumbnail (the same image types and size limit, enforced by the target: the local driver's
 * upload route sniffs the bytes, S3's policy pins type and size). The key is chosen here and binds the
 * file to the caller: users/{userId}/avatar/{userId}-{random}.{ext}.
 */
import type { avatarUploadSignatureQuerySchema } from '@lectio/contracts/profile';
import type { z } from 'zod';
import { buildAvatarKey } from '../../storage/media-keys';
import { DEFAULT_CONTENT_TYPE } from '../../storage/media-types';
import type { Actor, ServiceContext } from '../context';
import { assertAllowedContentType, signUpload, type UploadSignature } from '../media/upload-signature';

export type AvatarUploadSignatureInput = z.output<typeof avatarUploadSignatureQuerySchema>;

export async function createAvatarUploadSignature(
  ctx: ServiceContext,
  actor: Actor,
  input: AvatarUploadSignatureInput,
): Promise<UploadSignature> {
  const contentType = input.contentType ?? DEFAULT_CONTENT_TYPE.avatar;
  const extension = assertAllowedContentType('avatar', contentType);
  return signUpload(ctx, { key: buildAvatarKey(actor.id, extension), kind: 'avatar', contentType });
}
