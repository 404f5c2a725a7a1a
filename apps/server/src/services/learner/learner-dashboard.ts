/**
 * GET /learner/dashboard and learner.dashboard: the student dashboard from the student's own data
 * (docs/decisions/0038-profile-and-student-dashboard.md), read as ONE statement (readParts):
 *
 * - enrolled: the enrolled courses; completed: those with lectures, every one complete; average progress:
 *   the mean over enrolled courses of completed lectures / lectures (a course without lectures counts 0),
 *   rounded once at the end; certificates: the ones held and not revoked;
 * - continue learning: the lecture most recently watched (lecture_progress.updated_at) in a course not yet
 *   complete, at its position; when that lecture is finished, the next unfinished one of the course (from
 *   its own position); when nothing unfinished was watched, the first lecture of the newest enrollment
 *   that has one, from the start (`started: false`);
 * - active courses: enrolled courses not yet complete, the most recently watched first, then the newest
 *   enrollment;
 * - recommendations: see dashboard-parts.ts.
 */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import { LESSON_KINDS, type LessonKind, readingMinutes } from '@lectio/contracts/curriculum';
import {
  type ActiveCourse,
  type ContinueLearning,
  DASHBOARD_ACTIVE_COURSES,
  type LearnerDashboard,
  type RecommendedCourse,
} from '@lectio/contracts/learner';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { unauthorized } from '../../lib/errors';
import { toMajorUnits } from '../../lib/money';
import { isoTimestamp, readParts } from '../admin/read-parts';
import type { Actor, ServiceContext } from '../context';
import {
  certificatesPart,
  enrolledCoursesPart,
  namePart,
  recommendationsPart,
  resumePart,
  startPart,
} from './dashboard-parts';

export interface EnrolledCourseRow {
  courseId: string;
  title: string;
  instructorName: string;
  thumbnailKey: string | null;
  thumbnailUrl: string | null;
  enrolledAt: string;
  totalLectures: number;
  completedLectures: number;
  lastWatchedAt: string | null;
}

export interface ResumeRow {
  lectureId: string;
  lectureTitle: string;
  kind: LessonKind;
  readingMinutes: number | null;
  courseId: string;
  courseTitle: string;
  duration: number;
  position: number;
  completed: boolean;
  isLast: boolean;
}

export type StartRow = Omit<ResumeRow, 'position' | 'completed' | 'isLast'>;

const isComplete = (course: Pick<EnrolledCourseRow, 'totalLectures' | 'completedLectures'>) =>
  course.totalLectures > 0 && course.completedLectures >= course.totalLectures;

/** completed / total as a fraction in [0, 1] (0 without lectures). */
const fractionDone = (course: Pick<EnrolledCourseRow, 'totalLectures' | 'completedLectures'>) =>
  course.totalLectures > 0 ? Math.min(1, course.completedLectures / course.totalLectures) : 0;

/** The dashboard's figures from the enrolled courses. */
export function summarise(enrolled: readonly EnrolledCourseRow[]): {
  coursesEnrolled: number;
  coursesCompleted: number;
  averageProgress: number;
} {
  const total = enrolled.reduce((sum, course) => sum + fractionDone(course), 0);
  return {
    coursesEnrolled: enrolled.length,
    coursesCompleted: enrolled.filter(isComplete).length,
    averageProgress: enrolled.length === 0 ? 0 : Math.round((total / enrolled.length) * 100),
  };
}

/** Incomplete courses, the most recently watched first (never watched last), then the newest enrollment. */
export function activeCourses(enrolled: readonly EnrolledCourseRow[]): EnrolledCourseRow[] {
  const time = (value: string | null) => (value === null ? Number.NEGATIVE_INFINITY : Date.parse(value));
  return enrolled
    .filter((course) => !isComplete(course))
    .toSorted(
      (a, b) =>
        time(b.lastWatchedAt) - time(a.lastWatchedAt) ||
        time(b.enrolledAt) - time(a.enrolledAt) ||
        a.courseId.localeCompare(b.courseId),
    )
    .slice(0, DASHBOARD_ACTIVE_COURSES);
}

/** The lecture to continue, from the parts `resume` (one course's lectures in order) and `start`. */
export function pickContinue(
  resume: readonly ResumeRow[],
  start: StartRow | undefined,
): ContinueLearning | null {
  const lastIndex = resume.findIndex((row) => row.isLast);
  const last = resume[lastIndex];
  if (last) {
    const next =
      (!last.completed ? last : undefined) ??
      resume.slice(lastIndex + 1).find((row) => !row.completed) ??
      resume.find((row) => !row.completed);
    if (next) {
      return {
        courseId: next.courseId,
        courseTitle: next.courseTitle,
        lectureId: next.lectureId,
        lectureTitle: next.lectureTitle,
        kind: next.kind,
        readingMinutes: next.readingMinutes,
        position: next.position,
        duration: next.duration,
        started: true,
      };
    }
  }
  if (!start) return null;
  return { ...start, position: 0, started: false };
}

async function imageUrl(
  ctx: ServiceContext,
  key: string | null,
  storedUrl: string | null,
): Promise<string | null> {
  if (key) {
    return ctx.storage.downloadUrl(key, {
      kind: 'thumbnail',
      expiresInSeconds: ctx.config.storage.downloadUrlTtlSeconds,
    });
  }
  return storedUrl || null;
}

const text = (value: unknown) => String(value ?? '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const int = (value: unknown) => Number(value ?? 0);
/** A row's lesson kind, and an article's reading time from its stored word count. */
function lessonKind(row: Record<string, unknown>): { kind: LessonKind; readingMinutes: number | null } {
  const kind = LESSON_KINDS.find((known) => known === row.kind) ?? 'video';
  return { kind, readingMinutes: readingMinutes(kind, int(row.bodyWords)) };
}

export async function learnerDashboard(ctx: ServiceContext, actor: Actor): Promise<LearnerDashboard> {
  const parts = await readParts(ctx.db, 'learner_dashboard', {
    me: namePart(actor.id),
    enrolled: enrolledCoursesPart(actor.id),
    certificates: certificatesPart(actor.id),
    resume: resumePart(actor.id),
    start: startPart(actor.id),
    recommendations: recommendationsPart(actor.id),
  });
  const me = parts.me[0];
  if (!me) throw unauthorized(AUTH_MESSAGES.sessionExpired);

  const enrolled: EnrolledCourseRow[] = parts.enrolled.map((row) => ({
    courseId: text(row.courseId),
    title: text(row.title),
    instructorName: text(row.instructorName),
    thumbnailKey: textOrNull(row.thumbnailKey),
    thumbnailUrl: textOrNull(row.thumbnailUrl),
    enrolledAt: isoTimestamp(row.enrolledAt),
    totalLectures: int(row.totalLectures),
    completedLectures: int(row.completedLectures),
    lastWatchedAt: row.lastWatchedAt === null ? null : isoTimestamp(row.lastWatchedAt),
  }));
  const resume: ResumeRow[] = parts.resume.map((row) => ({
    lectureId: text(row.lectureId),
    lectureTitle: text(row.lectureTitle),
    ...lessonKind(row),
    courseId: text(row.courseId),
    courseTitle: text(row.courseTitle),
    duration: int(row.duration),
    position: int(row.position),
    completed: row.completed === true,
    isLast: row.isLast === true,
  }));
  const startRow = parts.start[0];
  const start: StartRow | undefined = startRow && {
    lectureId: text(startRow.lectureId),
    lectureTitle: text(startRow.lectureTitle),
    ...lessonKind(startRow),
    courseId: text(startRow.courseId),
    courseTitle: text(startRow.courseTitle),
    duration: int(startRow.duration),
  };

  const active: ActiveCourse[] = await Promise.all(
    activeCourses(enrolled).map(async (course) => ({
      courseId: course.courseId,
      title: course.title,
      instructorName: course.instructorName,
      thumbnailUrl: await imageUrl(ctx, course.thumbnailKey, course.thumbnailUrl),
      totalLectures: course.totalLectures,
      completedLectures: course.completedLectures,
      progress: Math.round(fractionDone(course) * 100),
      lastWatchedAt: course.lastWatchedAt,
    })),
  );
  const recommendations: RecommendedCourse[] = await Promise.all(
    parts.recommendations.map(async (row) => ({
      _id: text(row._id),
      title: text(row.title),
      shortDescription: text(row.shortDescription),
      category: row.category as RecommendedCourse['category'],
      level: row.level as RecommendedCourse['level'],
      price: toMajorUnits(int(row.priceMinor)),
      currency: DEFAULT_CURRENCY,
      thumbnailUrl: await imageUrl(ctx, textOrNull(row.thumbnailKey), textOrNull(row.thumbnailUrl)),
      instructorName: text(row.instructorName),
      rating: Number(row.rating ?? 0),
      ratingCount: int(row.ratingCount),
      studentsCount: int(row.studentsCount),
    })),
  );

  return {
    name: text(me.name),
    ...summarise(enrolled),
    certificatesEarned: int(parts.certificates[0]?.count),
    continueLearning: pickContinue(resume, start),
    activeCourses: active,
    recommendations,
  };
}
