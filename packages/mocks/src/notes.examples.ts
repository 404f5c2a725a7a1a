/**
 * The notes.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { type LessonNote, NOTE_MESSAGES } from '@lectio/contracts/notes';
import { CREATED_AT, ids, UPDATED_AT } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const NOTE = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

const note: LessonNote = {
  _id: NOTE,
  courseId: ids.course,
  lectureId: ids.lecture,
  lectureTitle: 'Setting up the project',
  lectureKind: 'video',
  seconds: 42,
  body: 'The config file goes in the project root, not in src/.',
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
};

export const noteExamples: NamespaceExamples<'notes'> = {
  list: { input: { courseId: ids.course } },
  create: {
    input: { lectureId: ids.lecture, body: note.body, seconds: 42 },
    output: { message: NOTE_MESSAGES.created, data: { note } },
  },
  update: {
    input: { noteId: NOTE, body: 'The config file goes in the project root (see 3:10 for why).' },
    output: {
      message: NOTE_MESSAGES.updated,
      data: {
        note: {
          ...note,
          body: 'The config file goes in the project root (see 3:10 for why).',
          updatedAt: UPDATED_AT,
        },
      },
    },
  },
  delete: { input: { noteId: NOTE }, output: { message: NOTE_MESSAGES.deleted } },
};
