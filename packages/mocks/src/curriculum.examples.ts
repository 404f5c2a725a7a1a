/**
 * The curriculum.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives
 * it (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { CURRICULUM_MESSAGES, CURRICULUM_TEXT } from '@lectio/contracts/curriculum';
import { ids, lecture } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const SECTION = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b';
const NEW_SECTION = '8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c';
const noDrip = { opensAfterDays: null, opensAt: null };
const section = {
  _id: SECTION,
  courseId: ids.course,
  title: CURRICULUM_TEXT.defaultSection,
  order: 1,
  ...noDrip,
};
const outline = {
  _id: lecture._id,
  title: lecture.title,
  kind: 'video' as const,
  order: 1,
  isPreview: lecture.isPreview,
  duration: lecture.duration,
  formattedDuration: lecture.formattedDuration,
  readingMinutes: null,
};

export const curriculumExamples: NamespaceExamples<'curriculum'> = {
  get: { input: { courseId: ids.course } },
  arrange: {
    input: {
      courseId: ids.course,
      sections: [
        { sectionId: NEW_SECTION, lessonIds: [ids.lecture] },
        { sectionId: SECTION, lessonIds: [] },
      ],
    },
    output: {
      message: CURRICULUM_MESSAGES.curriculumArranged,
      data: {
        courseId: ids.course,
        lessonCount: 1,
        duration: lecture.duration,
        sections: [
          {
            _id: NEW_SECTION,
            title: 'Getting started',
            order: 1,
            lessonCount: 1,
            duration: lecture.duration,
            ...noDrip,
            opensOn: null,
            lessons: [outline],
          },
          {
            _id: SECTION,
            title: CURRICULUM_TEXT.defaultSection,
            order: 2,
            lessonCount: 0,
            duration: 0,
            opensAfterDays: 7,
            opensAt: null,
            opensOn: null,
            lessons: [],
          },
        ],
      },
    },
  },
  createSection: {
    input: { courseId: ids.course, title: 'Getting started' },
    output: {
      message: CURRICULUM_MESSAGES.sectionCreated,
      data: {
        section: { _id: NEW_SECTION, courseId: ids.course, title: 'Getting started', order: 2, ...noDrip },
      },
    },
  },
  updateSection: {
    input: { sectionId: SECTION, title: 'Foundations' },
    output: {
      message: CURRICULUM_MESSAGES.sectionUpdated,
      data: { section: { ...section, title: 'Foundations' } },
    },
  },
  deleteSection: {
    input: { sectionId: SECTION },
    output: { message: CURRICULUM_MESSAGES.sectionDeleted },
  },
};
