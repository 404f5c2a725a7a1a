/**
 * Upload signature and upload result (spec section 3). The spec's Cloudinary fields become a
 * direct-to-storage upload target: POST the file with `fields` to `uploadUrl`.
 */
import { z } from 'zod';

export const MEDIA_KINDS = ['thumbnail', 'lecture'] as const;

export const uploadSignatureQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS).default('lecture'),
  courseId: z.string().min(1),
  contentType: z.string().max(100).optional(),
});
export const uploadSignatureSchema = z.object({
  apiKey: z.string(),
  timestamp: z.number().int(),
  signature: z.string(),
  cloudName: z.string(),
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
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
