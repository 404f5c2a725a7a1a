/**
 * Pure display rules for courses and lectures (spec sections 2, 4 and 9): the table price, lecture
 * durations, the free preview intro, tags. The card's own rules are in course-card-format.ts.
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { formatPrice } from './course-card-format';

export { type CourseForCard, courseLinkFor, formatPrice, hasPurchased } from './course-card-format';

/**
 * The course-list table's price: 'NA' when no price is set. A course's price defaults to 0 on the server,
 * so 0 counts as "not set" here, as it did in the product this spec describes.
 */
export function tablePrice(price: number | null | undefined, notAvailable: string): string {
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? formatPrice(price) : notAvailable;
}

/** The formatted duration when the server sent one, else whole minutes (seconds / 60, floored). */
export function lectureDurationLabel(lecture: Pick<Lecture, 'duration' | 'formattedDuration'>): string {
  if (lecture.formattedDuration) return lecture.formattedDuration;
  return `${Math.floor(Math.max(0, lecture.duration) / 60)} min`;
}

/** The preview intro (spec section 4): the first free lecture whose title contains 'intro', any case. */
export function previewIntroLecture<T extends Pick<Lecture, 'isPreview' | 'title'>>(
  lectures: readonly T[],
): T | null {
  return lectures.find((lecture) => lecture.isPreview && /intro/i.test(lecture.title)) ?? null;
}

/** The course's comma-separated tags as a list, without blanks or repeats. */
export function tagList(tags: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const tag of (tags ?? '').split(',')) {
    const trimmed = tag.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/** Non-empty, trimmed list items (the editors keep blank rows; the server gets none). */
export function nonBlank(items: readonly string[]): string[] {
  return items.map((item) => item.trim()).filter((item) => item !== '');
}
