/** Factories for the profile.* operations' answers (see sequence.ts for ids and dates). */

import { buildUploadSignature, type UploadSignature } from './media.factories.js';
import { EPOCH, given, HOUR, next, nextId } from './sequence.js';

/** The `profile.avatarUploadSignature` output for the local driver: a key in the user's avatar folder. */
export function buildAvatarUploadSignature(
  overrides: Partial<UploadSignature> & { userId?: string; contentType?: string } = {},
): UploadSignature {
  const { userId = nextId(), contentType = 'image/png', ...fields } = given(overrides);
  const extension = contentType === 'image/jpeg' ? 'jpg' : (contentType.split('/')[1] ?? 'png');
  const n = next();
  const key = `users/${userId}/avatar/${userId}-a${n}.${extension}`;
  return buildUploadSignature({
    key,
    fields: {
      key,
      contentType,
      maxBytes: String(5 * 1024 * 1024),
      expires: String(Math.floor((EPOCH + n * HOUR) / 1000) + 15 * 60),
      signature: `mock-upload-signature-${n}`,
    },
    maxBytes: 5 * 1024 * 1024,
    ...fields,
  });
}
