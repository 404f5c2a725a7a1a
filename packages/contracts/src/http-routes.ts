/**
 * The few /api/v1 routes that are not procedures, because HTTP itself is what they do: a file streamed
 * in a multipart body, bytes streamed out with Range support, a webhook whose signature covers the raw
 * body, and the OpenAPI document. The server has one handler for each; everything else is an operation.
 */
import { z } from 'zod';
import { CERTIFICATE_PDF_PATH, certificateIdInput } from './certificates.js';
import type { ErrorCode } from './enumerations.js';
import { lectureResponseSchema } from './lecture.js';
import { lectureUploadFormSchema, mediaUploadResultSchema } from './media.js';
import type { HttpMethod } from './operation.js';
import { webhookResponseSchema } from './payment.js';
import { type Access, AUTHENTICATED, MANAGE_COURSES, PUBLIC } from './permissions.js';
import { RECEIPT_PDF_PATH } from './receipts.js';
import { inputString, uuidInput } from './schema-formats.js';
import { HLS_CONTENT_TYPE, HLS_MASTER_PATH, HLS_VARIANT_PATH } from './video.js';

export interface HttpRoute {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** For multipart routes: the text fields (documentation; the handler reads the parts in order). */
  body?: z.ZodType;
  bodyKind: 'multipart' | 'raw' | 'none';
  /** 'binary': the handler streams the body itself (media downloads, certificate PDFs). */
  responseKind: 'json' | 'binary';
  /** For binary routes other than the media download: the Content-Type(s) the body comes with. */
  mediaTypes?: readonly string[];
  response: z.ZodType;
  status?: number;
  errors?: readonly ErrorCode[];
  /** A public route that still reads or writes the database (a 503 when it is down). */
  usesDatabase?: true;
}

export const httpRoutes = {
  'meta.openapi': {
    method: 'GET',
    path: '/openapi.json',
    access: PUBLIC,
    summary: 'This OpenAPI 3.1 document',
    bodyKind: 'none',
    responseKind: 'json',
    response: z.record(z.string(), z.unknown()),
  },
  'lectures.upload': {
    method: 'POST',
    path: '/videos/upload',
    access: MANAGE_COURSES,
    summary: 'Upload a lecture video (multipart, streamed to storage)',
    description:
      'multipart/form-data: the text fields `title`, `description`, `courseId`, `isPreview` FIRST, then the ' +
      'file in a part named `lecture` (video/mp4, video/webm or video/quicktime, up to MAX_VIDEO_BYTES). The ' +
      'file streams to storage as it arrives, so fields sent after it are not read and a file before its ' +
      'fields is refused (400). 413 past the size limit, 415 when the declared type or the file content is not ' +
      'an allowed video, 409 when the course already holds its most lessons; nothing is stored on any failure.',
    body: lectureUploadFormSchema.extend({ lecture: z.string().describe('The video file') }),
    bodyKind: 'multipart',
    responseKind: 'json',
    response: lectureResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  },
  'media.upload': {
    method: 'POST',
    path: '/media/upload',
    // Authorised by the short-lived signature from GET /videos/signature, not by a session: the browser
    // posts the file straight to the storage target, as it would to S3.
    access: PUBLIC,
    summary: 'Local storage driver: direct upload target (multipart: the signature fields, then `file`)',
    description:
      'multipart/form-data with the `fields` from GET /videos/signature (key, contentType, maxBytes, expires, ' +
      'signature) first, then the file in a part named `file` declaring exactly `contentType`. 403 for a bad or ' +
      'expired signature, 409 when the key already holds a file (a signature uploads once), 413 past `maxBytes`, ' +
      '415 when the declared type or the magic bytes differ from `contentType`; a refused upload leaves nothing ' +
      'behind. 404 when the S3 driver is in use.',
    body: z.object({
      key: inputString(),
      contentType: inputString(),
      maxBytes: inputString(),
      expires: inputString(),
      signature: inputString(),
      file: z.string().describe('The file, last'),
    }),
    bodyKind: 'multipart',
    responseKind: 'json',
    response: mediaUploadResultSchema,
    status: 201,
    // 409: the key already holds a file (a signature replayed after its upload succeeded).
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  },
  'media.download': {
    method: 'GET',
    path: '/media/{key}',
    // Public thumbnails need no signature; lecture video needs the short-lived signed URL the API hands out.
    access: PUBLIC,
    summary: 'Local storage driver: download (HTTP Range supported; lecture video needs a signed URL)',
    description:
      '`key` is URL-encoded (slashes as %2F). Thumbnails are public (Cache-Control: public); anything else needs ' +
      'the `expires` and `signature` of a URL the API handed out (403 otherwise; Cache-Control: private). ' +
      'Single byte ranges answer 206 with Content-Range, an unsatisfiable one 416. A lesson resource comes as an ' +
      'attachment (Content-Disposition). 404 when the S3 driver is in use.',
    params: z.object({ key: inputString().min(1) }),
    query: z.object({
      expires: inputString().optional(),
      signature: inputString().optional(),
      /** A lesson resource's download name (Content-Disposition); the key's own name without it. */
      name: inputString().max(255).optional(),
    }),
    bodyKind: 'none',
    responseKind: 'binary',
    response: z.unknown(),
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  'video.masterPlaylist': {
    method: 'GET',
    path: HLS_MASTER_PATH,
    // Authorised by the signature `video.stream` hands out to those who may play the lesson.
    access: PUBLIC,
    summary: 'A video lesson’s HLS master playlist (a signed URL from video.stream)',
    usesDatabase: true,
    description:
      'Its media playlists come signed with the same expiry. 403 for a bad or expired signature; 404 when the ' +
      'lesson has no processed video.',
    params: z.object({ lectureId: uuidInput() }),
    query: z.object({ expires: inputString().optional(), signature: inputString().optional() }),
    bodyKind: 'none',
    responseKind: 'binary',
    mediaTypes: [HLS_CONTENT_TYPE],
    response: z.string(),
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  'video.variantPlaylist': {
    method: 'GET',
    path: HLS_VARIANT_PATH,
    access: PUBLIC,
    summary: 'One rendition’s HLS media playlist (a signed URL from the master playlist)',
    usesDatabase: true,
    description:
      'Its init segment and media segments come as signed storage URLs with the same expiry. 403 for a bad or ' +
      'expired signature; 404 for an unknown rendition.',
    params: z.object({ lectureId: uuidInput(), rendition: inputString().regex(/^\d{2,4}p$/) }),
    query: z.object({ expires: inputString().optional(), signature: inputString().optional() }),
    bodyKind: 'none',
    responseKind: 'binary',
    mediaTypes: [HLS_CONTENT_TYPE],
    response: z.string(),
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  'payment.webhook': {
    method: 'POST',
    path: '/payment/webhook',
    access: PUBLIC,
    summary: 'Stripe webhook (signature-verified)',
    // It fulfils payments.
    usesDatabase: true,
    bodyKind: 'raw',
    responseKind: 'json',
    response: webhookResponseSchema,
    // 404 with the test-mode payment driver (no Stripe, no webhook); 503 without STRIPE_WEBHOOK_SECRET.
    errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  },
  'certificates.pdf': {
    method: 'GET',
    path: CERTIFICATE_PDF_PATH,
    // Owner or admin: the service answers 404 to anyone else, so ids of other people's certificates don't leak.
    access: AUTHENTICATED,
    summary: 'Download a certificate as PDF (its owner or an admin)',
    description:
      'The certificate as a one-page PDF, made on request: the student, the course, the instructor, the ' +
      'issue date, the certificate id and its verification address with a QR code. Sent as an attachment ' +
      '(`Content-Disposition`). 404 for a certificate that is not yours (or does not exist); a malformed id ' +
      'is a 400. A revoked certificate still downloads, marked as revoked.',
    params: z.object({ id: certificateIdInput() }),
    bodyKind: 'none',
    responseKind: 'binary',
    mediaTypes: ['application/pdf'],
    response: z.unknown(),
    errors: ['NOT_FOUND'],
  },
  'purchases.receipt': {
    method: 'GET',
    path: RECEIPT_PDF_PATH,
    // The buyer or an admin: the service answers 404 to anyone else, so payment ids don't leak.
    access: AUTHENTICATED,
    summary: 'Download the receipt of a purchase as PDF (the buyer or an admin)',
    description:
      'A one-page PDF made on request: the seller (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID when set), the ' +
      'buyer, the course and its instructor, the date, the amount paid, the tax it includes when TAX_RATE_PERCENT ' +
      'is set, refunds made since, and the payment id. Sent as an attachment. 404 for a payment that is not ' +
      'yours, not completed or does not exist.',
    params: z.object({ paymentId: uuidInput() }),
    bodyKind: 'none',
    responseKind: 'binary',
    mediaTypes: ['application/pdf'],
    response: z.unknown(),
    errors: ['NOT_FOUND'],
  },
} as const satisfies Record<string, HttpRoute>;

export type HttpRouteName = keyof typeof httpRoutes;
