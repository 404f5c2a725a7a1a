/**
 * The progress.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const progressExamples: NamespaceExamples<'progress'> = {
  record: {
    input: { videoId: ids.lecture, watchedDuration: 377, completed: false },
    output: {
      progress: { lectureId: ids.lecture, watchedDuration: 377, completed: false },
      certificateId: null,
    },
  },
  markRead: {
    input: { lectureId: ids.secondLecture },
    output: {
      progress: { lectureId: ids.secondLecture, watchedDuration: 0, completed: true },
      certificateId: null,
    },
  },
  course: { input: { courseId: ids.course } },
};
