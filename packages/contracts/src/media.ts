/**
 * Upload signature and upload result (spec section 3). The spec's Cloudinary fields become a
 * direct-to-storage upload target: POST the file with `fields` to `uploadUrl`.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES } from './permissions.js';
import { dateTimeString, inputString, uriString, uuidInput } from './schema-formats.js';

/** The largest object S3 stores (5 TiB): no upload target can accept more. */
const MAX_OBJECT_BYTES = 5 * 1024 ** 4;
/** 9999-12-31T23:59:59Z, the last instant an ISO date-time can write. */
const MAX_UNIX_SECONDS = 253_402_300_799;

export const MEDIA_KINDS = ['thumbnail', 'lecture', 'resource'] as const;

export const uploadSignatureQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS).default('lecture'),
  courseId: uuidInput(),
  /** Defaults to video/mp4 for lectures, image/jpeg for thumbnails, application/pdf for resources. */
  contentType: inputString().max(100).optional(),
});
export const uploadSignatureSchema = z
  .object({
    apiKey: z.string().describe('The storage driver (`local` or `s3`); never a secret'),
    timestamp: z.number().int().min(0).max(MAX_UNIX_SECONDS).describe('Issue time, Unix seconds'),
    signature: z.string().describe('The target signature (also inside `fields`)'),
    cloudName: z.string().describe('Where files go: `lectio-local` or the bucket name'),
    uploadUrl: uriString().describe('POST the multipart form here'),
    fields: z
      .record(z.string(), z.string())
      .describe('Form fields to send, in this order, before the file part (named `file`)'),
    key: z.string().describe('The object key the file will have; send it back as `public_id`'),
    maxBytes: z.number().int().min(1).max(MAX_OBJECT_BYTES).describe('Largest accepted file, bytes'),
    expiresAt: dateTimeString().describe('ISO time after which the target is refused'),
  })
  .meta({ id: 'UploadSignature' });
export const mediaUploadResultSchema = z
  .object({
    public_id: z.string(),
    secure_url: uriString(),
    /** Seconds, read from an MP4's header; null for other files. */
    duration: z.number().min(0).nullable(),
  })
  .meta({ id: 'MediaUploadResult' });
export const lectureUploadFormSchema = z.object({
  title: inputString().trim().min(1),
  description: inputString().optional(),
  courseId: uuidInput(),
  isPreview: z.enum(['true', 'false']).optional(),
});

export const mediaOperations = defineOperations({
  uploadSignature: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: 'A short-lived direct upload target',
    description:
      'The course must be one the caller manages (404 if they cannot see it, 403 if they can but do not manage it). ' +
      '`kind` is `lecture` (video/mp4, video/webm, video/quicktime; default video/mp4) or `thumbnail` ' +
      '(image/jpeg, image/png, image/webp, image/gif; default image/jpeg) or `resource` (a lesson file: PDF, ' +
      'zip, Office documents, text, Markdown, CSV, JSON, JavaScript, Python; default application/pdf, up to ' +
      'MAX_RESOURCE_BYTES); another `contentType` is 400. ' +
      "The spec's Cloudinary fields become a direct upload target: POST `multipart/form-data` to `uploadUrl` " +
      'with every entry of `fields` first and the file last, in a part named `file` whose Content-Type is ' +
      'exactly `contentType`, before `expiresAt` and at most `maxBytes` long. Local driver: the target is ' +
      'POST /api/v1/media/upload and answers `{ public_id, secure_url, duration }`. S3 driver: the target is ' +
      'the bucket (presigned POST; the policy pins key, Content-Type and size) and answers 204; `public_id` is ' +
      '`key`. Then send `key` as `public_id` to the course or lecture update.',
    input: uploadSignatureQuerySchema,
    output: uploadSignatureSchema,
    rest: { method: 'GET', path: '/videos/signature' },
    errors: ['NOT_FOUND'],
    rateLimit: 'uploadSignature',
  },
});
