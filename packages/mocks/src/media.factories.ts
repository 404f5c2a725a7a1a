/** Factories for the media.* operations' answers (see sequence.ts for ids and dates). */
import type { mediaUploadResultSchema, uploadSignatureSchema } from '@lectio/contracts/media';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import type { z } from 'zod';
import { EPOCH, given, HOUR, MOCK_PUBLIC_URL, mediaUrl, next, nextId, sequentialUuid } from './sequence.js';

export type UploadSignature = z.output<typeof uploadSignatureSchema>;
export type MediaUploadResult = z.output<typeof mediaUploadResultSchema>;

export type UploadSignatureOverrides = Partial<UploadSignature> & {
  /** The course the file is for (default: a fresh id). */
  courseId?: string;
  /** `lecture` (video/mp4, default), `thumbnail` (image/jpeg) or `resource` (application/pdf). */
  kind?: 'lecture' | 'thumbnail' | 'resource';
};

const KIND_FILES = {
  lecture: { contentType: 'video/mp4', extension: 'mp4', maxBytes: 500 * 1024 * 1024 },
  thumbnail: { contentType: 'image/jpeg', extension: 'jpg', maxBytes: 5 * 1024 * 1024 },
  resource: { contentType: 'application/pdf', extension: 'pdf', maxBytes: 100 * 1024 * 1024 },
} as const;

/** The `media.uploadSignature` output for the local driver: POST the file to `…/api/v1/media/upload`. */
export function buildUploadSignature(overrides: UploadSignatureOverrides = {}): UploadSignature {
  const { courseId = nextId(), kind = 'lecture', ...fields } = given(overrides);
  const n = next();
  const { contentType, extension, maxBytes } = KIND_FILES[kind];
  const key = `courses/${courseId}/${kind}/${sequentialUuid(n)}-u${n}.${extension}`;
  const timestamp = Math.floor((EPOCH + n * HOUR) / 1000);
  const expires = timestamp + 15 * 60;
  const signature = `mock-upload-signature-${n}`;
  return {
    apiKey: 'local',
    timestamp,
    signature,
    cloudName: 'lectio-local',
    uploadUrl: `${MOCK_PUBLIC_URL}${API_PREFIX}/media/upload`,
    fields: { key, contentType, maxBytes: String(maxBytes), expires: String(expires), signature },
    key,
    maxBytes,
    expiresAt: new Date(expires * 1000).toISOString(),
    ...fields,
  };
}

/** What `POST /api/v1/media/upload` (the local upload target) answers. */
export function buildMediaUploadResult(overrides: Partial<MediaUploadResult> = {}): MediaUploadResult {
  const n = next();
  const key = `courses/${nextId()}/lecture/${sequentialUuid(n)}-u${n}.mp4`;
  return { public_id: key, secure_url: mediaUrl(key, true, n), duration: 312, ...given(overrides) };
}
