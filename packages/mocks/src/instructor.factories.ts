/**
 * The instructor's home (instructor.home): a realistic answer, overridable field by field like the other
 * factories, and the answer of a new instructor without any course.
 */

import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import {
  INSTRUCTOR_HOME_WEEKS,
  type InstructorHome,
  type InstructorRecentEnrollment,
} from '@lectio/contracts/instructor';
import { buildUnansweredQuestions } from './questions.factories.js';
import { nextId } from './sequence.js';

const DAY = 86_400_000;
/** The Monday the sample's last week starts on: 3 March 2025. */
const LAST_MONDAY = Date.UTC(2025, 2, 3);

/** INSTRUCTOR_HOME_WEEKS Mondays ending 3 March 2025, with the given enrollments (the last values last). */
export function buildInstructorWeeks(enrollments: readonly number[] = []): InstructorHome['weeks'] {
  return Array.from({ length: INSTRUCTOR_HOME_WEEKS }, (_, index) => ({
    week: new Date(LAST_MONDAY - (INSTRUCTOR_HOME_WEEKS - 1 - index) * 7 * DAY).toISOString().slice(0, 10),
    enrollments: enrollments[index - (INSTRUCTOR_HOME_WEEKS - enrollments.length)] ?? 0,
  }));
}

export function buildInstructorRecentEnrollment(
  overrides: Partial<InstructorRecentEnrollment> = {},
): InstructorRecentEnrollment {
  return {
    enrollmentId: nextId(),
    studentName: 'Asha Rao',
    courseId: nextId(),
    courseTitle: 'Modern React from Scratch',
    enrolledAt: '2025-03-05T09:30:00.000Z',
    paid: 999,
    source: 'purchase',
    ...overrides,
  };
}

/** An instructor with two courses, three students, three sales and a review. */
export function buildInstructorHome(overrides: Partial<InstructorHome> = {}): InstructorHome {
  const courseId = nextId();
  return {
    currency: DEFAULT_CURRENCY,
    students: 3,
    revenue: { sales: 3, gross: 2_497, share: 1_997.6, refunded: 0 },
    courses: { total: 2, published: 1, drafts: 1 },
    averageCompletion: 40,
    completions: 1,
    notStarted: 1,
    rating: { average: 4.5, count: 2 },
    recentEnrollments: [
      buildInstructorRecentEnrollment({ courseId, studentName: 'Asha Rao', paid: 999 }),
      buildInstructorRecentEnrollment({
        courseId,
        studentName: 'Vikram Shah',
        enrolledAt: '2025-03-04T15:00:00.000Z',
        paid: 499,
      }),
      buildInstructorRecentEnrollment({
        courseId,
        studentName: 'Meera Iyer',
        enrolledAt: '2025-02-24T11:00:00.000Z',
        paid: null,
        source: 'free',
      }),
    ],
    weeks: buildInstructorWeeks([1, 0, 2]),
    dropOff: [
      {
        courseId,
        courseTitle: 'Modern React from Scratch',
        lectureId: nextId(),
        lectureTitle: 'State and effects',
        number: 2,
        students: 1,
      },
    ],
    unansweredQuestions: buildUnansweredQuestions(),
    ...overrides,
  };
}

/** A new instructor: no course, so every figure is zero and every list empty. */
export function buildNewInstructorHome(): InstructorHome {
  return buildInstructorHome({
    students: 0,
    revenue: { sales: 0, gross: 0, share: 0, refunded: 0 },
    courses: { total: 0, published: 0, drafts: 0 },
    averageCompletion: null,
    completions: 0,
    notStarted: 0,
    rating: null,
    recentEnrollments: [],
    weeks: buildInstructorWeeks(),
    dropOff: [],
    unansweredQuestions: { count: 0, oldest: [] },
  });
}
