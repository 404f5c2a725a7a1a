/** Factories for the lectures.* operations' answers (see sequence.ts for ids and dates). */
import type { Lecture } from '@lectio/contracts/lecture';
import { LECTURE_TITLES } from './sample-content.js';
import { given, mediaUrl, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { Lecture };

/** 3725 -> "1:02:05", 75 -> "1:15" (the lecture's `formattedDuration`). */
export function formatLectureDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

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
