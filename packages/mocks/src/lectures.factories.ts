/** Factories for the lectures.* operations' answers (see sequence.ts for ids and dates). */
import { readingMinutes } from '@lectio/contracts/curriculum';
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { Lecture } from '@lectio/contracts/lecture';
import { ARTICLE_BODY, LECTURE_TITLES } from './sample-content.js';
import { given, mediaUrl, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { Lecture };

/** The lecture's `formattedDuration`, as the server writes it (still offered from here, as before). */
export { formatLectureDuration };

export type LectureOverrides = Partial<Lecture>;

/**
 * A lecture as an anonymous viewer sees it: previews are playable (a signed `videoUrl`), the others are
 * locked with no URL. Pass `isLocked: false` for a viewer who may play it. `kind: 'article'` builds an
 * article (no video, a reading time); its Markdown `body` is there when it is not locked, as in a
 * `lectures.get` answer (lists carry no body: pass `body: undefined`).
 */
export function buildLecture(lectureOverrides: LectureOverrides = {}): Lecture {
  const overrides = given(lectureOverrides);
  const n = next();
  const _id = overrides._id ?? sequentialUuid(n);
  const courseId = overrides.courseId ?? nextId();
  const order = overrides.order ?? 1;
  const isPreview = overrides.isPreview ?? false;
  const isLocked = overrides.isLocked ?? !isPreview;
  const isArticle = overrides.kind === 'article';
  const duration = overrides.duration ?? (isArticle ? 0 : 240 + ((n * 137) % 900));
  const videoUrl =
    'videoUrl' in overrides
      ? (overrides.videoUrl ?? null)
      : isLocked || isArticle
        ? null
        : mediaUrl(`courses/${courseId}/lecture/${sequentialUuid(n)}-v${n}.mp4`, true, n);
  return {
    _id,
    title: pick(LECTURE_TITLES, order),
    kind: 'video',
    order,
    isPreview,
    thumbnail: { secure_url: videoUrl },
    videoUrl,
    duration,
    formattedDuration: isArticle ? null : formatLectureDuration(duration),
    description: 'A short, hands-on lesson with code you can follow along.',
    courseId,
    isLocked,
    readingMinutes: isArticle ? readingMinutes('article', ARTICLE_BODY.match(/\S+/g)?.length ?? 0) : null,
    ...(isArticle && !isLocked ? { body: ARTICLE_BODY } : {}),
    ...given(overrides),
  };
}
