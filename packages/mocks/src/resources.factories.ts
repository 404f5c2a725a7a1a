/** Factories for the resources.* operations' answers (files a lesson carries; see sequence.ts for ids). */
import type { LessonResource } from '@lectio/contracts/resources';
import { EPOCH, given, HOUR, mediaUrl, next, nextId, sequentialUuid } from './sequence.js';

export type { LessonResource };

/** A PDF resource of a lesson, its download URL signed for an hour (`isLocked` overrides clear it). */
export function buildLessonResource(overrides: Partial<LessonResource> = {}): LessonResource {
  const n = next();
  const key = `courses/${nextId()}/resource/${sequentialUuid(n)}-u${n}.pdf`;
  const locked = overrides.isLocked === true;
  return {
    _id: sequentialUuid(n),
    lectureId: nextId(),
    title: `Handout ${n}`,
    fileName: `handout-${n}.pdf`,
    contentType: 'application/pdf',
    size: 48_000 + n * 1_024,
    downloadUrl: locked ? null : mediaUrl(key, true, n),
    downloadUrlExpiresAt: locked ? null : new Date(EPOCH + (n + 2) * HOUR).toISOString(),
    isLocked: locked,
    ...given(overrides),
  };
}
