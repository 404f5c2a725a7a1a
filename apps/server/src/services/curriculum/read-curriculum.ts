/**
 * A course's curriculum as anyone who may see the course sees it: sections in order, each with its
 * lessons' outline (title, kind, place, preview flag, duration or an article's reading time), counts and
 * durations, each section's drip rule and, for a learner, when a closed one opens. One query after the
 * course's visibility check. No media and no content (never an article's body): what a lesson holds is
 * read by who may open it.
 */
import {
  type CurriculumLesson,
  type CurriculumResponse,
  type CurriculumSection,
  readingMinutes,
} from '@lectio/contracts/curriculum';
import { courseSections, type Database, lectures } from '@lectio/db';
import { asc, eq } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { type CourseAccess, loadVisibleCourse } from '../courses/course-access';
import { closedUntil } from './drip';

export type Curriculum = CurriculumResponse['data'];

/** Whose curriculum it is: a learner sees when their closed sections open (drip.ts); others see none closed. */
export type CurriculumViewer = Pick<CourseAccess, 'canManage' | 'enrolledAt'> & { now: Date };

const EVERYONE: CurriculumViewer = { canManage: true, enrolledAt: null, now: new Date(0) };

/** The curriculum of a course the caller has already checked may be seen. */
export async function curriculumOf(
  db: Database,
  courseId: string,
  viewer: CurriculumViewer = EVERYONE,
): Promise<Curriculum> {
  const rows = await db
    .select({
      section: {
        id: courseSections.id,
        title: courseSections.title,
        position: courseSections.position,
        opensAfterDays: courseSections.opensAfterDays,
        opensAt: courseSections.opensAt,
      },
      lesson: {
        id: lectures.id,
        title: lectures.title,
        kind: lectures.kind,
        bodyWords: lectures.bodyWords,
        position: lectures.position,
        isPreview: lectures.isPreview,
        durationSeconds: lectures.durationSeconds,
        formattedDuration: lectures.formattedDuration,
      },
    })
    .from(courseSections)
    .leftJoin(lectures, eq(lectures.sectionId, courseSections.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(lectures.position));
  const sections: CurriculumSection[] = [];
  for (const { section, lesson } of rows) {
    let current = sections.at(-1);
    if (!current || current._id !== section.id) {
      const rule = {
        sectionOpensAfterDays: section.opensAfterDays,
        sectionOpensAtMs: section.opensAt?.getTime() ?? null,
      };
      const opensOn = closedUntil({ ...rule, isPreview: false }, viewer, viewer.now);
      current = {
        _id: section.id,
        title: section.title,
        order: section.position,
        lessonCount: 0,
        duration: 0,
        opensAfterDays: section.opensAfterDays,
        opensAt: section.opensAt?.toISOString() ?? null,
        opensOn: opensOn?.toISOString() ?? null,
        lessons: [],
      };
      sections.push(current);
    }
    if (!lesson) continue;
    const outline: CurriculumLesson = {
      _id: lesson.id,
      title: lesson.title,
      kind: lesson.kind,
      order: lesson.position,
      isPreview: lesson.isPreview,
      duration: lesson.durationSeconds,
      formattedDuration: lesson.formattedDuration,
      readingMinutes: readingMinutes(lesson.kind, lesson.bodyWords),
    };
    current.lessons.push(outline);
    current.lessonCount += 1;
    current.duration += lesson.durationSeconds;
  }
  return {
    courseId,
    lessonCount: sections.reduce((sum, section) => sum + section.lessonCount, 0),
    duration: sections.reduce((sum, section) => sum + section.duration, 0),
    sections,
  };
}

export async function readCurriculum(
  ctx: ServiceContext,
  actor: Actor | null,
  courseId: string,
): Promise<Curriculum> {
  const { course, access } = await loadVisibleCourse(ctx, actor, courseId);
  return curriculumOf(ctx.db, course.id, { ...access, now: ctx.now() });
}
