/**
 * The instructor's home (issue 15, item 1): the signed-in instructor's own figures in one read. Students,
 * revenue from the ledger (docs/ARCHITECTURE.md, "Money"), courses, completion, rating, the latest
 * enrollments, enrollments by week and the lectures where students stop. Amounts are major units.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import { unansweredQuestionsSchema } from './questions.js';
import {
  amountNumber,
  countNumber,
  dateString,
  dateTimeString,
  percentNumber,
  uuidString,
} from './schema-formats.js';

/** How many weeks the chart shows, the current one included (weeks start on Monday, UTC). */
export const INSTRUCTOR_HOME_WEEKS = 12;
/** How many of the latest enrollments the home lists. */
export const INSTRUCTOR_HOME_RECENT = 8;
/** How many drop-off lectures the home lists, most students first. */
export const INSTRUCTOR_HOME_DROP_OFF = 5;

/** Money in major units; the ledger's figures are never negative here (shares before refunds). */
const money = () => z.number().min(0).meta({ description: 'Major units of `currency` (2 decimals).' });

export const instructorRevenueSchema = z
  .object({
    /** Sales of the instructor's courses (each succeeded payment once). */
    sales: countNumber(),
    /** What buyers paid, before refunds. */
    gross: money(),
    /** The instructor's share of those sales, before refunds (as `earnings.instructor`'s lifetimeEarnings). */
    share: money(),
    /** The part of the share refunds and disputes took back. */
    refunded: money(),
  })
  .meta({ id: 'InstructorRevenue' });

export const instructorRecentEnrollmentSchema = z
  .object({
    enrollmentId: uuidString(),
    studentName: z.string(),
    courseId: uuidString(),
    courseTitle: z.string(),
    enrolledAt: dateTimeString(),
    /** What the student paid (after any coupon); null when the enrollment had no payment. */
    paid: amountNumber().nullable(),
    /** How access was granted: bought, a free course (or a 100% coupon), by an admin, or demo data. */
    source: z.enum(['purchase', 'free', 'admin', 'seed']),
  })
  .meta({ id: 'InstructorRecentEnrollment' });
export type InstructorRecentEnrollment = z.infer<typeof instructorRecentEnrollmentSchema>;

export const instructorWeekSchema = z
  .object({
    /** The Monday (UTC) the week starts on. */
    week: dateString(),
    /** Enrollments in the instructor's courses that week (those refunded since have ended and don't count). */
    enrollments: countNumber(),
  })
  .meta({ id: 'InstructorWeek' });
export type InstructorWeek = z.infer<typeof instructorWeekSchema>;

export const instructorDropOffSchema = z
  .object({
    courseId: uuidString(),
    courseTitle: z.string(),
    lectureId: uuidString(),
    lectureTitle: z.string(),
    /** The lecture's place in its course, from 1. */
    number: countNumber(),
    /** Students who started the course and stopped here: the first lecture they haven't completed. */
    students: countNumber(),
  })
  .meta({ id: 'InstructorDropOff' });
export type InstructorDropOff = z.infer<typeof instructorDropOffSchema>;

export const instructorHomeSchema = z
  .object({
    currency: z.string(),
    /** Distinct students enrolled in at least one of the instructor's courses. */
    students: countNumber(),
    revenue: instructorRevenueSchema,
    courses: z.object({ total: countNumber(), published: countNumber(), drafts: countNumber() }),
    /**
     * The mean over the courses' enrollments of completed lectures / lectures, a whole percentage (a course
     * without lectures counts 0, as on the student dashboard); null without enrollments.
     */
    averageCompletion: percentNumber().nullable(),
    /** Enrolled students who completed every lecture of a course, counted once per course. */
    completions: countNumber(),
    /** Enrolled students who haven't completed any lecture of their course yet (one per enrollment). */
    notStarted: countNumber(),
    /** The courses' average rating weighted by their number of visible reviews; null without reviews. */
    rating: z
      .object({ average: z.number().min(1).max(5), count: countNumber() })
      .nullable()
      .meta({ id: 'InstructorRating' }),
    /** The latest enrollments, newest first (at most INSTRUCTOR_HOME_RECENT). */
    recentEnrollments: z.array(instructorRecentEnrollmentSchema).max(INSTRUCTOR_HOME_RECENT),
    /** The last INSTRUCTOR_HOME_WEEKS weeks, oldest first, weeks without enrollments included. */
    weeks: z.array(instructorWeekSchema).length(INSTRUCTOR_HOME_WEEKS),
    /** Where students stop, most students first (at most INSTRUCTOR_HOME_DROP_OFF). */
    dropOff: z.array(instructorDropOffSchema).max(INSTRUCTOR_HOME_DROP_OFF),
    /** Visible questions without a visible answer in the instructor's courses: the count and the oldest. */
    unansweredQuestions: unansweredQuestionsSchema,
  })
  .meta({ id: 'InstructorHome' });
export type InstructorHome = z.infer<typeof instructorHomeSchema>;

export const instructorOperations = defineOperations({
  home: {
    kind: 'query',
    access: requires('manage_own_courses'),
    summary:
      'The instructor’s home: students, revenue, courses, completion, rating, recent and weekly enrollments',
    description:
      'Every figure is about the caller’s own courses (an admin gets those of the courses they teach). ' +
      'Revenue is the ledger’s, as on the earnings page. `dropOff` lists, for students who started a ' +
      'course but haven’t completed it, the first lecture (in course order) they haven’t completed.',
    output: instructorHomeSchema,
    rest: { method: 'GET', path: '/instructor/home' },
  },
});
