/**
 * Lesson notes (issue 28 item 3, decision 0087): a learner's private notes on a lesson, a video's at a
 * time in it (whole seconds) and an article's without one. Each note belongs to one lesson (its
 * `lectureId`) and one user; only that user ever reads, edits or deletes it: anyone else's note id is a
 * 404. Writing one takes what opening the lesson takes (enrolled with its section open, or managing the
 * course); a free preview is not enough. The Markdown export is the web app's, made from `notes.list`.
 */
import { z } from 'zod';
import { LESSON_KINDS } from './curriculum.js';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  INT32_MAX,
  inputString,
  uuidInput,
  uuidString,
  wholeNumberInput,
} from './schema-formats.js';

export const NOTE_LIMITS = { bodyLength: 5000, perLesson: 200 } as const;

export const NOTE_MESSAGES = {
  created: 'Note added',
  updated: 'Note saved',
  deleted: 'Note deleted',
  bodyRequired: 'Write the note first',
  bodyTooLong: VALIDATION.tooLong('A note', NOTE_LIMITS.bodyLength),
  secondsInvalid: 'The time must be a whole number of seconds, 0 or more',
  secondsPastEnd: (duration: string) => `The time must be within the video (it is ${duration} long)`,
  noTimeOnThisLesson: 'Only a video lesson’s note has a time',
  notFound: 'Note not found',
  noAccess: 'Only students enrolled in this course can keep notes on its lessons',
  tooMany: `A lesson can have at most ${NOTE_LIMITS.perLesson} of your notes`,
} as const;

export const lessonNoteSchema = z
  .object({
    _id: uuidString(),
    courseId: uuidString(),
    lectureId: uuidString(),
    lectureTitle: z.string(),
    lectureKind: z.enum(LESSON_KINDS),
    /** Whole seconds into the video; null for a note without a time (every article's). */
    seconds: countNumber().nullable(),
    body: z.string(),
    createdAt: dateTimeString(),
    updatedAt: dateTimeString(),
  })
  .meta({ id: 'LessonNote' });
export type LessonNote = z.infer<typeof lessonNoteSchema>;

const noteBodyInput = () =>
  inputString({ error: NOTE_MESSAGES.bodyRequired })
    .trim()
    .min(1, NOTE_MESSAGES.bodyRequired)
    .max(NOTE_LIMITS.bodyLength, NOTE_MESSAGES.bodyTooLong);

export const createNoteRequestSchema = z.object({
  lectureId: uuidInput(),
  body: noteBodyInput(),
  /** Whole seconds into a video lesson (at most its length); absent or null for no time. */
  seconds: wholeNumberInput(0, INT32_MAX, NOTE_MESSAGES.secondsInvalid).nullable().optional(),
});
export type CreateNoteRequest = z.input<typeof createNoteRequestSchema>;

export const updateNoteRequestSchema = z.object({ noteId: uuidInput(), body: noteBodyInput() });

const noteResponseSchema = z.object({ message: z.string(), data: z.object({ note: lessonNoteSchema }) });

export const noteOperations = defineOperations({
  list: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'Your notes on a course’s lessons, in lesson order, then by time',
    description:
      'Only the caller’s own notes. A course the caller may not see is 404; one they may see but neither ' +
      'bought nor manage is 403. Within a lesson, notes without a time come first, then by time, then oldest first.',
    input: z.object({ courseId: uuidInput() }),
    output: z.object({ data: z.object({ notes: z.array(lessonNoteSchema) }) }),
    rest: { method: 'GET', path: '/courses/{courseId}/notes' },
    errors: ['NOT_FOUND'],
  },
  create: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Add a private note to a lesson, at a time of its video if given',
    description:
      'The caller must be able to open the lesson: enrolled with its section open, or the course’s ' +
      'instructor or an admin (403 otherwise; a preview is not enough). `seconds` only on a video lesson, ' +
      `within its length (400 otherwise). 409 past ${NOTE_LIMITS.perLesson} of the caller’s notes on the lesson.`,
    input: createNoteRequestSchema,
    output: noteResponseSchema,
    rest: { method: 'POST', path: '/lectures/{lectureId}/notes', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  update: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Change the text of one of your notes',
    description: 'Anyone else’s note is 404, as one that does not exist.',
    input: updateNoteRequestSchema,
    output: noteResponseSchema,
    rest: { method: 'PATCH', path: '/notes/{noteId}' },
    errors: ['NOT_FOUND'],
  },
  delete: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Delete one of your notes',
    description: 'Anyone else’s note is 404, as one that does not exist.',
    input: z.object({ noteId: uuidInput() }),
    output: z.object({ message: z.string() }),
    rest: { method: 'DELETE', path: '/notes/{noteId}' },
    errors: ['NOT_FOUND'],
  },
});
