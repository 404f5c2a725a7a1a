/**
 * The lecture columns every lecture read selects and presents (`presentLecture`, and the course rows'
 * JSON of their lectures), and the order lectures play in. They never hold an article's body (a list
 * never carries it): a read of one lesson adds it (`lessonColumns`).
 */
import { courseSections, type Lecture as LectureRow, lectures } from '@lectio/db';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { DripRule } from '../curriculum/drip';

export type LectureFields = Pick<
  LectureRow,
  | 'id'
  | 'courseId'
  | 'sectionId'
  | 'title'
  | 'kind'
  | 'bodyWords'
  | 'description'
  | 'position'
  | 'isPreview'
  | 'videoKey'
  | 'durationSeconds'
  | 'formattedDuration'
> &
  DripRule;

/** A column of the lecture's section (numbers only, so the rows read the same through JSON, course-rows.ts). */
const sectionColumn = (expression: SQL) =>
  sql<
    number | null
  >`(select ${expression} from ${courseSections} where ${courseSections.id} = ${lectures.sectionId})`;

export const lectureColumns = {
  id: lectures.id,
  courseId: lectures.courseId,
  sectionId: lectures.sectionId,
  sectionOpensAfterDays: sectionColumn(sql`${courseSections.opensAfterDays}`),
  sectionOpensAtMs: sectionColumn(sql`(extract(epoch from ${courseSections.opensAt}) * 1000)::float8`),
  title: lectures.title,
  kind: lectures.kind,
  bodyWords: lectures.bodyWords,
  description: lectures.description,
  position: lectures.position,
  isPreview: lectures.isPreview,
  videoKey: lectures.videoKey,
  durationSeconds: lectures.durationSeconds,
  formattedDuration: lectures.formattedDuration,
};

/** One lesson as a read of that lesson alone selects it: with an article's Markdown. */
export type LessonFields = LectureFields & Pick<LectureRow, 'body'>;
export const lessonColumns = { ...lectureColumns, body: lectures.body };

/** Lectures in play order: position, then creation (positions are not unique). */
export const lectureOrder = [asc(lectures.position), asc(lectures.createdAt), asc(lectures.id)];
