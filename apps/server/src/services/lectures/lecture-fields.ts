/**
 * The lecture columns every lecture read selects and presents (`presentLecture`, and the course rows'
 * JSON of their lectures), and the order lectures play in.
 */
import { type Lecture as LectureRow, lectures } from '@lectio/db';
import { asc } from 'drizzle-orm';

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
