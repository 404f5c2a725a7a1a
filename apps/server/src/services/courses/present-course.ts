/**
 * Database rows -> the contracts' `Course` and `Lecture` shapes, with the viewer-dependent fields
 * (canAccessAll, progress, lecture URLs). Presenting any number of courses costs a fixed number of
 * queries: the lectures of all of them, enrollment counts grouped by course, and (for a signed-in
 * viewer) their completed lectures grouped by course.
 */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type { Course } from '@lectio/contracts/course';
import type { Lecture } from '@lectio/contracts/lecture';
import { enrollments, type Lecture as LectureRow, lectureProgress, lectures } from '@lectio/db';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { formatCourseDuration } from '../lectures/lecture-duration';
import { type CourseAccess, type CourseRow, courseAccess, mayPlayLecture } from './course-access';
import type { CourseListRow } from './course-rows';

/** Completed lectures / lectures × 100, rounded; 0 for a course without lectures. */
export function completionPercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((completed / total) * 100));
}

export const toMajorUnits = (minor: number): number => minor / 100;
export const toMinorUnits = (major: number): number => Math.round(major * 100);

export type LectureFields = Pick<
  LectureRow,
  | 'id'
  | 'courseId'
  | 'title'
  | 'description'
  | 'position'
  | 'isPreview'
  | 'videoKey'
  | 'durationSeconds'
  | 'formattedDuration'
>;

export const lectureColumns = {
  id: lectures.id,
  courseId: lectures.courseId,
  title: lectures.title,
  description: lectures.description,
  position: lectures.position,
  isPreview: lectures.isPreview,
  videoKey: lectures.videoKey,
  durationSeconds: lectures.durationSeconds,
  formattedDuration: lectures.formattedDuration,
};

/** Lectures in play order: position, then creation (positions are not unique). */
export const lectureOrder = [asc(lectures.position), asc(lectures.createdAt), asc(lectures.id)];

/**
 * A lecture as the viewer may see it: the video URL (a short-lived signed one) only when they may play
 * it, otherwise no URL and `isLocked`. The client's own URLs are never stored; URLs come from keys.
 */
export async function presentLecture(
  ctx: ServiceContext,
  lecture: LectureFields,
  access: Pick<CourseAccess, 'canAccessAll'>,
): Promise<Lecture> {
  const playable = mayPlayLecture(access, lecture.isPreview);
  const videoUrl =
    playable && lecture.videoKey
      ? await ctx.storage.downloadUrl(lecture.videoKey, {
          kind: 'lecture',
          expiresInSeconds: ctx.config.storage.downloadUrlTtlSeconds,
        })
      : null;
  return {
    _id: lecture.id,
    title: lecture.title,
    order: lecture.position,
    isPreview: lecture.isPreview,
    thumbnail: { secure_url: videoUrl },
    videoUrl,
    duration: lecture.durationSeconds,
    formattedDuration: lecture.formattedDuration,
    description: lecture.description,
    courseId: lecture.courseId,
    isLocked: !playable,
  };
}

async function presentThumbnail(ctx: ServiceContext, course: CourseRow): Promise<Course['thumbnail']> {
  if (course.thumbnailKey) {
    const url = await ctx.storage.downloadUrl(course.thumbnailKey, {
      kind: 'thumbnail',
      expiresInSeconds: ctx.config.storage.downloadUrlTtlSeconds,
    });
    return { public_id: course.thumbnailKey, secure_url: url, duration: null };
  }
  if (course.thumbnailUrl) return { public_id: '', secure_url: course.thumbnailUrl, duration: null };
  return null;
}

/** The lectures of the courses, grouped by course id, each group in play order. */
export async function lecturesByCourse(
  ctx: ServiceContext,
  courseIds: string[],
): Promise<Map<string, LectureFields[]>> {
  const grouped = new Map<string, LectureFields[]>();
  if (courseIds.length === 0) return grouped;
  const rows = await ctx.db
    .select(lectureColumns)
    .from(lectures)
    .where(inArray(lectures.courseId, courseIds))
    .orderBy(lectures.courseId, ...lectureOrder);
  for (const row of rows) {
    const list = grouped.get(row.courseId);
    if (list) list.push(row);
    else grouped.set(row.courseId, [row]);
  }
  return grouped;
}

interface EnrollmentFacts {
  students: Map<string, number>;
  /** Courses among `courseIds` the viewer is enrolled in. */
  enrolled: Set<string>;
}

async function enrollmentFacts(
  ctx: ServiceContext,
  actor: Actor | null,
  courseIds: string[],
): Promise<EnrollmentFacts> {
  const facts: EnrollmentFacts = { students: new Map(), enrolled: new Set() };
  if (courseIds.length === 0) return facts;
  const rows = await ctx.db
    .select({
      courseId: enrollments.courseId,
      students: count(),
      mine: actor
        ? sql<number>`count(*) filter (where ${enrollments.userId} = ${actor.id})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(enrollments)
    .where(inArray(enrollments.courseId, courseIds))
    .groupBy(enrollments.courseId);
  for (const row of rows) {
    facts.students.set(row.courseId, row.students);
    if (row.mine > 0) facts.enrolled.add(row.courseId);
  }
  return facts;
}

/** The viewer's completed lectures per course (only meaningful where they are enrolled). */
async function completedLectures(
  ctx: ServiceContext,
  actor: Actor | null,
  courseIds: string[],
): Promise<Map<string, number>> {
  const completed = new Map<string, number>();
  if (!actor || courseIds.length === 0) return completed;
  const rows = await ctx.db
    .select({ courseId: lectureProgress.courseId, completed: count() })
    .from(lectureProgress)
    .where(
      and(
        eq(lectureProgress.userId, actor.id),
        inArray(lectureProgress.courseId, courseIds),
        eq(lectureProgress.completed, true),
      ),
    )
    .groupBy(lectureProgress.courseId);
  for (const row of rows) completed.set(row.courseId, row.completed);
  return completed;
}

/**
 * Presents course rows in the given order for the viewer. The caller has already decided which rows
 * the viewer may see; this only fills the fields. Three queries at most, whatever the number of rows.
 */
export async function presentCourses(
  ctx: ServiceContext,
  actor: Actor | null,
  rows: CourseListRow[],
): Promise<Course[]> {
  const ids = rows.map((row) => row.course.id);
  const [lectureMap, facts, completed] = await Promise.all([
    lecturesByCourse(ctx, ids),
    enrollmentFacts(ctx, actor, ids),
    completedLectures(ctx, actor, ids),
  ]);
  return Promise.all(
    rows.map(async ({ course, instructorName }) => {
      const courseLectures = lectureMap.get(course.id) ?? [];
      const isEnrolled = facts.enrolled.has(course.id);
      const access = courseAccess(actor, course, isEnrolled);
      const previews = courseLectures.filter((lecture) => lecture.isPreview).length;
      const totalSeconds = courseLectures.reduce((sum, lecture) => sum + lecture.durationSeconds, 0);
      const [thumbnail, videos] = await Promise.all([
        presentThumbnail(ctx, course),
        Promise.all(courseLectures.map((lecture) => presentLecture(ctx, lecture, access))),
      ]);
      return {
        _id: course.id,
        title: course.title,
        shortDescription: course.shortDescription,
        description: course.description,
        category: course.category,
        level: course.level,
        requirements: course.requirements,
        whatYouWillLearn: course.whatYouWillLearn,
        tags: course.tags,
        price: toMajorUnits(course.priceMinor),
        currency: DEFAULT_CURRENCY,
        isPublished: course.isPublished,
        status: course.status,
        createdAt: course.createdAt.toISOString(),
        updatedAt: course.updatedAt.toISOString(),
        thumbnail,
        duration: formatCourseDuration(totalSeconds),
        videos,
        studentsCount: facts.students.get(course.id) ?? 0,
        rating: course.rating,
        ratingCount: course.ratingCount,
        publicLectures: previews,
        privateLectures: courseLectures.length - previews,
        instructor: { _id: course.instructorId, name: instructorName },
        instructorName,
        canAccessAll: access.canAccessAll,
        progress: isEnrolled
          ? completionPercentage(completed.get(course.id) ?? 0, courseLectures.length)
          : null,
      } satisfies Course;
    }),
  );
}
