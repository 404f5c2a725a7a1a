/** Factories for the progress.* operations' answers (see sequence.ts for ids and dates). */
import type { courseProgressResponseSchema, LectureProgress } from '@lectio/contracts/progress';
import type { z } from 'zod';
import { given, next, nextId, sequentialUuid } from './sequence.js';

export type { LectureProgress };

export type CourseProgress = z.output<typeof courseProgressResponseSchema>;

/** One lecture's progress (`progress.record` answers `{ progress: buildLectureProgress() }`). */
export function buildLectureProgress(overrides: Partial<LectureProgress> = {}): LectureProgress {
  const n = next();
  return { lectureId: sequentialUuid(n), watchedDuration: 180, completed: false, ...given(overrides) };
}

/** The `progress.course` output; `completionPercentage` follows `lectures` (one of three completed by default). */
export function buildCourseProgress(overrides: Partial<CourseProgress['progress']> = {}): CourseProgress {
  const lectures = overrides.lectures ?? [
    buildLectureProgress({ watchedDuration: 412, completed: true }),
    buildLectureProgress({ watchedDuration: 95 }),
    buildLectureProgress({ watchedDuration: 0 }),
  ];
  const completed = lectures.filter((lecture) => lecture.completed).length;
  return {
    progress: {
      courseId: nextId(),
      completionPercentage: lectures.length === 0 ? 0 : Math.round((completed / lectures.length) * 100),
      lectures,
      ...given(overrides),
    },
  };
}
