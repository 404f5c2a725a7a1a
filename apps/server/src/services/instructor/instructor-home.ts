/**
 * GET /instructor/home and instructor.home (issue 15, item 1): the signed-in instructor's own figures. The
 * course, student, completion, rating and enrollment parts are one statement (readParts, home-parts.ts);
 * the revenue is the ledger's, read and added up by the earnings page's own functions
 * (services/earnings), so the two pages can't disagree. An admin gets the figures of the courses they teach.
 *
 * - averageCompletion: the mean over the courses' enrollments of completed lectures / lectures (the
 *   student dashboard's averaging, over every student of the instructor's courses), whole percent;
 * - weeks: UTC weeks starting on Monday, the current one last, zero-filled;
 * - dropOff: see home-parts.ts;
 * - unansweredQuestions: visible questions of the courses without a visible answer, the oldest first,
 *   each with where it opens (questionLink).
 */
import {
  INSTRUCTOR_HOME_WEEKS,
  type InstructorHome,
  type InstructorRecentEnrollment,
} from '@lectio/contracts/instructor';
import { questionLink } from '@lectio/contracts/questions';
import { toMajorUnits } from '../../lib/money';
import { isoTimestamp, readParts } from '../admin/read-parts';
import { asDay } from '../admin/time-buckets';
import type { Actor, ServiceContext } from '../context';
import { readInstructorLedger, tallyInstructorLedger } from '../earnings/earnings';
import {
  completionPart,
  coursesPart,
  dropOffPart,
  notStartedPart,
  ratingPart,
  recentPart,
  studentsPart,
  unansweredCountPart,
  unansweredOldestPart,
  weeksPart,
} from './home-parts';

const DAY_MS = 86_400_000;
const int = (value: unknown) => Number(value ?? 0);

/** The Mondays (UTC) of the last INSTRUCTOR_HOME_WEEKS weeks, oldest first, as `YYYY-MM-DD`. */
export function lastWeeks(now: Date): { ids: string[]; start: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  const ids: string[] = [];
  for (let back = INSTRUCTOR_HOME_WEEKS - 1; back >= 0; back--) {
    ids.push(asDay(new Date(monday - back * 7 * DAY_MS)));
  }
  return { ids, start: new Date(monday - (INSTRUCTOR_HOME_WEEKS - 1) * 7 * DAY_MS) };
}

/** Mean completion (0-100, rounded once) from the per-course rows; null without enrollments. */
export function averageCompletion(
  rows: readonly { enrollments: number; lectures: number; completedLectures: number }[],
): number | null {
  const enrollments = rows.reduce((sum, row) => sum + row.enrollments, 0);
  if (enrollments === 0) return null;
  const done = rows.reduce(
    (sum, row) =>
      sum + (row.lectures > 0 ? Math.min(row.completedLectures / row.lectures, row.enrollments) : 0),
    0,
  );
  return Math.round((done / enrollments) * 100);
}

export async function instructorHome(ctx: ServiceContext, actor: Actor): Promise<InstructorHome> {
  const weeks = lastWeeks(ctx.now());
  const [parts, ledger] = await Promise.all([
    readParts(ctx.db, 'instructor_home', {
      courses: coursesPart(actor.id),
      students: studentsPart(actor.id),
      completion: completionPart(actor.id),
      notStarted: notStartedPart(actor.id),
      rating: ratingPart(actor.id),
      recent: recentPart(actor.id),
      weeks: weeksPart(actor.id, weeks.start),
      dropOff: dropOffPart(actor.id),
      unansweredCount: unansweredCountPart(actor.id),
      unansweredOldest: unansweredOldestPart(actor.id),
    }),
    readInstructorLedger(ctx.db, actor.id),
  ]);
  const money = tallyInstructorLedger(ledger, []);

  const total = int(parts.courses[0]?.total);
  const published = int(parts.courses[0]?.published);
  const completion = parts.completion.map((row) => ({
    enrollments: int(row.enrollments),
    lectures: int(row.lectures),
    completedLectures: int(row.completedLectures),
    completedStudents: int(row.completedStudents),
  }));
  const ratingCount = int(parts.rating[0]?.count);
  const byWeek = new Map(parts.weeks.map((row) => [String(row.week), int(row.enrollments)]));

  return {
    currency: ctx.config.payments.currency,
    students: int(parts.students[0]?.students),
    revenue: {
      sales: money.sales,
      gross: toMajorUnits(money.gross),
      share: toMajorUnits(money.lifetime),
      refunded: toMajorUnits(money.refunded),
    },
    courses: { total, published, drafts: total - published },
    averageCompletion: averageCompletion(completion),
    completions: completion.reduce((sum, row) => sum + row.completedStudents, 0),
    notStarted: int(parts.notStarted[0]?.count),
    rating:
      ratingCount > 0
        ? { average: Math.round(Number(parts.rating[0]?.average) * 100) / 100, count: ratingCount }
        : null,
    recentEnrollments: parts.recent.map(
      (row): InstructorRecentEnrollment => ({
        enrollmentId: String(row.enrollmentId),
        studentName: String(row.studentName),
        courseId: String(row.courseId),
        courseTitle: String(row.courseTitle),
        enrolledAt: isoTimestamp(row.enrolledAt),
        paid: row.paidMinor === null || row.paidMinor === undefined ? null : toMajorUnits(int(row.paidMinor)),
        source: row.source as InstructorRecentEnrollment['source'],
      }),
    ),
    weeks: weeks.ids.map((week) => ({ week, enrollments: byWeek.get(week) ?? 0 })),
    dropOff: parts.dropOff.map((row) => ({
      courseId: String(row.courseId),
      courseTitle: String(row.courseTitle),
      lectureId: String(row.lectureId),
      lectureTitle: String(row.lectureTitle),
      number: int(row.number),
      students: int(row.students),
    })),
    unansweredQuestions: {
      count: int(parts.unansweredCount[0]?.count),
      oldest: parts.unansweredOldest.map((row) => {
        const question = {
          id: String(row.questionId),
          courseId: String(row.courseId),
          lectureId: row.lectureId === null ? null : String(row.lectureId),
        };
        return {
          questionId: question.id,
          title: String(row.title),
          courseId: question.courseId,
          courseTitle: String(row.courseTitle),
          lectureId: question.lectureId,
          lectureTitle: row.lectureTitle === null ? null : String(row.lectureTitle),
          createdAt: isoTimestamp(row.createdAt),
          link: questionLink(question),
        };
      }),
    },
  };
}
