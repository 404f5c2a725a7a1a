/**
 * The lectures.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { ids, lecture, lockedLecture, VIDEO_KEY } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const updatedLecture: Lecture = { ...lecture, title: 'Setting up the project (2026 edition)' };

export const lecturesExamples: NamespaceExamples<'lectures'> = {
  list: { input: { id: ids.course } },
  get: { input: { lectureId: ids.lecture } },
  create: {
    input: {
      title: 'Setting up the project',
      courseId: ids.course,
      description: 'Create the repository, install the tools and run the first build.',
      isPreview: true,
    },
    output: {
      message: 'Lecture created successfully',
      data: {
        lecture: {
          ...lecture,
          thumbnail: { secure_url: null },
          videoUrl: null,
          duration: 0,
          formattedDuration: null,
        },
      },
    },
  },
  update: {
    input: {
      lectureId: ids.lecture,
      title: 'Setting up the project (2026 edition)',
      public_id: VIDEO_KEY,
      duration: 754,
    },
    output: { message: 'Lecture updated successfully', data: { lecture: updatedLecture } },
  },
  reorder: {
    input: { courseId: ids.course, lectureIds: [ids.secondLecture, ids.lecture] },
    output: {
      videos: [
        { ...lockedLecture, order: 1 },
        { ...lecture, order: 2 },
      ],
    },
  },
  delete: { input: { id: ids.lecture }, output: { message: 'Lecture deleted successfully' } },
};
