/**
 * Upload signature and upload result (spec section 3). The spec's Cloudinary fields become a
 * direct-to-storage upload target: POST the file with `fields` to `uploadUrl`.
 */
import { z } from 'zod';

export const MEDIA_KINDS = ['thumbnail', 'lecture'] as const;

export const uploadSignatureQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS).default('lecture'),
  courseId: z.string().min(1),
  /** Defaults to video/mp4 for lectures, image/jpeg for thumbnails. */
  contentType: z.string().max(100).optional(),
});
export const uploadSignatureSchema = z.object({
  apiKey: z.string().describe('The storage driver (`local` or `s3`); never a secret'),
  timestamp: z.number().int().describe('Issue time, Unix seconds'),
  signature: z.string().describe('The target signature (also inside `fields`)'),
  cloudName: z.string().describe('Where files go: `lectio-local` or the bucket name'),
  uploadUrl: z.string().describe('POST the multipart form here'),
  fields: z
    .record(z.string(), z.string())
    .describe('Form fields to send, in this order, before the file part (named `file`)'),
  key: z.string().describe('The object key the file will have; send it back as `public_id`'),
  maxBytes: z.number().int().describe('Largest accepted file, bytes'),
  expiresAt: z.string().describe('ISO time after which the target is refused'),
});
export const mediaUploadResultSchema = z.object({
  public_id: z.string(),
  secure_url: z.string(),
  duration: z.number().nullable(),
});
export const lectureUploadFormSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().optional(),
  courseId: z.string().min(1),
  isPreview: z.enum(['true', 'false']).optional(),
});
