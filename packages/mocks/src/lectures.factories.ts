/** Factories for the lectures.* operations' answers (see sequence.ts for ids and dates). */
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { Lecture } from '@lectio/contracts/lecture';
import { LECTURE_TITLES } from './sample-content.js';
import { given, mediaUrl, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { Lecture };

/** The lecture's `formattedDuration`, as the server writes it (still offered from here, as before). */
export { formatLectureDuration };

export type LectureOverrides = Partial<Lecture>;

/**
 * A lecture as an anonymous viewer sees it: previews are playable (a signed `videoUrl`), the others are
 * locked with no URL. Pass `isLocked: false` for a viewer who may play it.
 */
export function buildLecture(lectureOverrides: LectureOverrides = {}): Lecture {
  const overrides = given(lectureOverrides);
  const n = next();
  const _id = overrides._id ?? sequentialUuid(n);
  const courseId = overrides.courseId ?? nextId();
  const order = overrides.order ?? 1;
  const isPreview = overrides.isPreview ?? false;
  const isLocked = overrides.isLocked ?? !isPreview;
  const duration = overrides.duration ?? 240 + ((n * 137) % 900);
  const videoUrl =
    'videoUrl' in overrides
      ? (overrides.videoUrl ?? null)
      : isLocked
        ? null
        : mediaUrl(`courses/${courseId}/lecture/${sequentialUuid(n)}-v${n}.mp4`, true, n);
  return {
    _id,
    title: pick(LECTURE_TITLES, order),
    order,
    isPreview,
    thumbnail: { secure_url: videoUrl },
    videoUrl,
    duration,
    formattedDuration: formatLectureDuration(duration),
    description: 'A short, hands-on lesson with code you can follow along.',
    courseId,
    isLocked,
    ...given(overrides),
  };
}
