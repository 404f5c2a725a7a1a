/**
 * Lesson resources (issue 26 item 2): files any lesson can carry for download (PDF, slides, documents,
 * zip archives, code and data). The file goes straight to storage with an upload target of kind
 * `resource` (`media.uploadSignature`), then `resources.attach` puts it on the lesson. Downloads are
 * short-lived signed URLs, given only to viewers who may open the lesson (decision 0079).
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES, PUBLIC } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  inputString,
  uriString,
  uuidInput,
  uuidString,
} from './schema-formats.js';

/** The files a resource may be, with the extension its stored key gets. */
export const RESOURCE_CONTENT_TYPES = {
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'application/json': 'json',
  'text/javascript': 'js',
  'text/x-python': 'py',
} as const;
export type ResourceContentType = keyof typeof RESOURCE_CONTENT_TYPES;

export const RESOURCE_LIMITS = { perLesson: 20, titleLength: 200, fileNameLength: 255 } as const;

export const RESOURCE_MESSAGES = {
  attached: 'Resource added',
  deleted: 'Resource deleted',
  titleRequired: 'Resource title is required',
  fileNameRequired: 'File name is required',
  notFound: 'Resource not found',
  fileMissing: 'The file was not uploaded: upload it again',
  tooMany: `A lesson can have at most ${RESOURCE_LIMITS.perLesson} resources`,
  alreadyAttached: 'That file is already attached',
  noPermission: 'You can only change the resources of your own courses',
} as const;

export const resourceSchema = z
  .object({
    _id: uuidString(),
    lectureId: uuidString(),
    title: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    /** Bytes. */
    size: countNumber(),
    /** A signed URL valid for `downloadUrlExpiresAt`; null when the viewer may not open the lesson. */
    downloadUrl: uriString().nullable(),
    downloadUrlExpiresAt: dateTimeString().nullable(),
    isLocked: z.boolean(),
  })
  .meta({ id: 'LessonResource' });
export type LessonResource = z.infer<typeof resourceSchema>;

const resourceListResponseSchema = z.object({ data: z.object({ resources: z.array(resourceSchema) }) });
const resourceResponseSchema = z.object({
  message: z.string(),
  data: z.object({ resource: resourceSchema }),
});

export const attachResourceRequestSchema = z.object({
  lectureId: uuidInput(),
  /** The `key` of a `resource` upload target of the lesson's course, once the file is uploaded. */
  key: inputString().trim().min(1).max(512),
  title: inputString({ error: RESOURCE_MESSAGES.titleRequired })
    .trim()
    .min(1, RESOURCE_MESSAGES.titleRequired)
    .max(RESOURCE_LIMITS.titleLength),
  /** The name the file is downloaded under. */
  fileName: inputString({ error: RESOURCE_MESSAGES.fileNameRequired })
    .trim()
    .min(1, RESOURCE_MESSAGES.fileNameRequired)
    .max(RESOURCE_LIMITS.fileNameLength),
});

export const resourceOperations = defineOperations({
  list: {
    kind: 'query',
    access: PUBLIC,
    summary: "A lesson's downloadable resources",
    description:
      'Every resource of the lesson; `downloadUrl` (short-lived, signed) only for a viewer who may open the ' +
      'lesson (enrolled and the section open, a free preview, or its instructor or an admin), else null and ' +
      '`isLocked`. A lesson of a course the viewer may not see is 404.',
    input: z.object({ lectureId: uuidInput() }),
    output: resourceListResponseSchema,
    rest: { method: 'GET', path: '/lectures/{lectureId}/resources' },
    errors: ['NOT_FOUND'],
  },
  attach: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Attach an uploaded file to a lesson as a resource',
    description:
      'Upload the file first with a `resource` upload target (GET /videos/signature?kind=resource), then send ' +
      'its `key`. 400 when the key is not a resource of this course or the file is not in storage; 409 past ' +
      `${RESOURCE_LIMITS.perLesson} resources on the lesson, or when the file is already attached.`,
    input: attachResourceRequestSchema,
    output: resourceResponseSchema,
    rest: { method: 'POST', path: '/lectures/{lectureId}/resources', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  delete: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Delete a resource and its file',
    input: z.object({ resourceId: uuidInput() }),
    output: z.object({ message: z.string() }),
    rest: { method: 'DELETE', path: '/resources/{resourceId}' },
    errors: ['NOT_FOUND'],
  },
});
