/**
 * A time in a lesson's video, as notes and questions take it (decisions 0087, 0088): whole seconds, only
 * on a video lesson, within the video's length (or within MAX_LECTURE_SECONDS while its length is
 * unknown). Each feature words the refusals its own way.
 */
import { formatLectureDuration } from '@lectio/contracts/durations';
import { badRequest } from '../../lib/errors';
import { MAX_LECTURE_SECONDS } from './lecture-duration';
import type { LectureFields } from './lecture-fields';

export interface LessonTimeMessages {
  noTimeOnThisLesson: string;
  secondsPastEnd: (duration: string) => string;
}

/** `seconds` as the lesson takes it (null for none); 400 naming `seconds` otherwise. */
export function checkedLessonSeconds(
  lecture: Pick<LectureFields, 'kind' | 'durationSeconds'> | null,
  seconds: number | null | undefined,
  messages: LessonTimeMessages,
): number | null {
  if (seconds === null || seconds === undefined) return null;
  if (lecture === null || lecture.kind !== 'video') {
    throw badRequest(messages.noTimeOnThisLesson, [
      { path: 'seconds', message: messages.noTimeOnThisLesson },
    ]);
  }
  const upper = lecture.durationSeconds > 0 ? lecture.durationSeconds : MAX_LECTURE_SECONDS;
  if (seconds > upper) {
    const message = messages.secondsPastEnd(formatLectureDuration(upper));
    throw badRequest(message, [{ path: 'seconds', message }]);
  }
  return seconds;
}
