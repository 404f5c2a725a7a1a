/**
 * Database rows -> the contracts' `Course` and `Lecture` shapes, with the viewer-dependent fields
 * (canAccessAll, progress, lecture URLs). Presenting courses runs no query: the rows of
 * `selectCourseRows` carry each course's lectures, student count and the viewer's enrollment and progress.
 */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type { Course } from '@lectio/contracts/course';
import { readingMinutes } from '@lectio/contracts/curriculum';
import { formatCourseDuration } from '@lectio/contracts/durations';
import type { Lecture } from '@lectio/contracts/lecture';
import { roundRating } from '@lectio/contracts/reviews';
import { toMajorUnits } from '../../lib/money';
import type { Actor, ServiceContext } from '../context';
import { closedUntil } from '../curriculum/drip';
import type { LectureFields } from '../lectures/lecture-fields';
import { type CourseAccess, type CourseRow, courseAccess, mayPlayLecture } from './course-access';
import type { CourseListRow } from './course-rows';

/** Completed lectures / lectures × 100, rounded; 0 for a course without lectures. */
export function completionPercentage(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((completed / total) * 100));
}

/**
 * Whether the viewer may open the lesson: play its video, read its article, download its resources. A
 * free preview or full access (enrolled, managing the course), and for a learner its section open (drip).
 */
export function mayOpenLesson(
  lecture: LectureFields,
  access: Pick<CourseAccess, 'canAccessAll' | 'canManage' | 'enrolledAt'>,
  now: Date,
): boolean {
  return mayPlayLecture(access, lecture.isPreview) && closedUntil(lecture, access, now) === null;
}

/**
 * A lesson as the viewer may see it: the video URL (a short-lived signed one) only when they may open it,
 * otherwise no URL and `isLocked`. An article's body is given on the same rule, and only when the caller
 * read it (a one-lesson read, `lessonColumns`): lists never carry it. The client's own URLs are never
 * stored; URLs come from keys.
 */
export async function presentLecture(
  ctx: ServiceContext,
  lecture: LectureFields & { body?: string },
  access: Pick<CourseAccess, 'canAccessAll' | 'canManage' | 'enrolledAt'>,
): Promise<Lecture> {
  const open = mayOpenLesson(lecture, access, ctx.now());
  const videoUrl =
    open && lecture.kind === 'video' && lecture.videoKey
      ? await ctx.storage.downloadUrl(lecture.videoKey, {
          kind: 'lecture',
          expiresInSeconds: ctx.config.storage.downloadUrlTtlSeconds,
        })
      : null;
  const body = open && lecture.kind === 'article' ? lecture.body : undefined;
  return {
    _id: lecture.id,
    title: lecture.title,
    kind: lecture.kind,
    order: lecture.position,
    isPreview: lecture.isPreview,
    thumbnail: { secure_url: videoUrl },
    videoUrl,
    duration: lecture.durationSeconds,
    formattedDuration: lecture.formattedDuration,
    description: lecture.description,
    courseId: lecture.courseId,
    isLocked: !open,
    readingMinutes: readingMinutes(lecture.kind, lecture.bodyWords),
    ...(body === undefined ? {} : { body }),
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

/** The lectures a course row carries (`selectCourseRows`), in play order. */
export function rowLectures(row: Pick<CourseListRow, 'lecturesJson'>): LectureFields[] {
  return JSON.parse(row.lecturesJson) as LectureFields[];
}

/**
 * Presents course rows in the given order for the viewer the rows were selected for (`selectCourseRows`
 * carries the lectures, counts and the viewer's enrollment). The caller has already decided which rows
 * the viewer may see; this only fills the fields, without a query.
 */
export async function presentCourses(
  ctx: ServiceContext,
  actor: Actor | null,
  rows: CourseListRow[],
): Promise<Course[]> {
  return Promise.all(
    rows.map(async (row) => {
      const { course, instructorName } = row;
      const courseLectures = rowLectures(row);
      const enrolledAt = row.viewerEnrolledAtMs === null ? null : new Date(row.viewerEnrolledAtMs);
      const isEnrolled = enrolledAt !== null;
      const access = courseAccess(actor, course, enrolledAt);
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
        studentsCount: row.studentsCount,
        rating: roundRating(course.rating),
        ratingCount: course.ratingCount,
        publicLectures: previews,
        privateLectures: courseLectures.length - previews,
        instructor: { _id: course.instructorId, name: instructorName },
        instructorName,
        canAccessAll: access.canAccessAll,
        progress: isEnrolled ? completionPercentage(row.viewerCompleted, courseLectures.length) : null,
      } satisfies Course;
    }),
  );
}
