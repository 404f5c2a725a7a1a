/** Factories for the learner.* operations' answers (see sequence.ts for ids and dates). */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type { ActiveCourse, LearnerDashboard, RecommendedCourse } from '@lectio/contracts/learner';
import { INSTRUCTOR_NAMES, LECTURE_TITLES, SAMPLE_COURSES, STUDENT_NAMES } from './sample-content.js';
import { given, isoAt, mediaUrl, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { ActiveCourse, LearnerDashboard, RecommendedCourse };

/** A course in progress on the dashboard: 2 of 5 lectures complete (40%) by default. */
export function buildActiveCourse(overrides: Partial<ActiveCourse> = {}): ActiveCourse {
  const n = next();
  const courseId = overrides.courseId ?? sequentialUuid(n);
  const sample = pick(SAMPLE_COURSES, n);
  const totalLectures = overrides.totalLectures ?? 5;
  const completedLectures = overrides.completedLectures ?? 2;
  const thumbnailKey = `courses/${courseId}/thumbnail/t${n}.jpg`;
  return {
    courseId,
    title: sample.title,
    instructorName: pick(INSTRUCTOR_NAMES, n),
    thumbnailUrl: mediaUrl(thumbnailKey),
    totalLectures,
    completedLectures,
    progress: totalLectures > 0 ? Math.round((completedLectures / totalLectures) * 100) : 0,
    lastWatchedAt: isoAt(n),
    ...given(overrides),
  };
}

/** A course the dashboard recommends (published, not owned). */
export function buildRecommendedCourse(overrides: Partial<RecommendedCourse> = {}): RecommendedCourse {
  const n = next();
  const _id = overrides._id ?? sequentialUuid(n);
  const sample = pick(SAMPLE_COURSES, n);
  const thumbnailKey = `courses/${_id}/thumbnail/t${n}.jpg`;
  return {
    _id,
    title: sample.title,
    shortDescription: sample.shortDescription,
    category: sample.category,
    level: sample.level,
    price: sample.price,
    currency: DEFAULT_CURRENCY,
    thumbnailUrl: mediaUrl(thumbnailKey),
    instructorName: pick(INSTRUCTOR_NAMES, n + 1),
    rating: 4.5,
    ratingCount: 12 + n,
    studentsCount: 120 + n,
    ...given(overrides),
  };
}

/**
 * The `learner.dashboard` output: three courses in progress, one complete, one certificate, a lecture to
 * continue in the first active course and two recommendations. Figures follow the given `activeCourses`
 * unless overridden.
 */
export function buildLearnerDashboard(overrides: Partial<LearnerDashboard> = {}): LearnerDashboard {
  const active = overrides.activeCourses ?? [
    buildActiveCourse({ completedLectures: 2, totalLectures: 5 }),
    buildActiveCourse({ completedLectures: 1, totalLectures: 4 }),
    buildActiveCourse({ completedLectures: 0, totalLectures: 3, lastWatchedAt: null }),
  ];
  const first = active[0];
  const completed = overrides.coursesCompleted ?? 1;
  const progresses = [...active.map((course) => course.progress), ...Array<number>(completed).fill(100)];
  const n = next();
  return {
    name: pick(STUDENT_NAMES, n),
    coursesEnrolled: active.length + completed,
    coursesCompleted: completed,
    certificatesEarned: completed,
    averageProgress:
      progresses.length > 0 ? Math.round(progresses.reduce((a, b) => a + b, 0) / progresses.length) : 0,
    continueLearning: first
      ? {
          courseId: first.courseId,
          courseTitle: first.title,
          lectureId: nextId(),
          lectureTitle: pick(LECTURE_TITLES, n),
          kind: 'video',
          readingMinutes: null,
          position: 95,
          duration: 420,
          started: true,
        }
      : null,
    activeCourses: active,
    recommendations: [buildRecommendedCourse(), buildRecommendedCourse()],
    ...given(overrides),
  };
}
