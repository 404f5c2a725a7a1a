/**
 * Pure display rules for courses and lectures (spec sections 2, 4 and 9): the table price, lecture
 * durations, the free preview intro, tags. The card's own rules are in course-card-format.ts.
 */
import type { Lecture } from '@lectio/contracts/lecture';

export {
  type CourseForCard,
  courseLinkFor,
  formatCoursePrice,
  formatPrice,
  hasPurchased,
} from './course-card-format';

/**
 * How long a lesson takes: "Quiz" for a quiz (its length is its questions); an article's reading time ("4 min read"); a video's formatted duration when the
 * server sent one, else whole minutes (seconds / 60, floored).
 */
export function lectureDurationLabel(
  lecture: Pick<Lecture, 'duration' | 'formattedDuration'> &
    Partial<Pick<Lecture, 'kind' | 'readingMinutes'>>,
): string {
  if (lecture.kind === 'quiz') return 'Quiz';
  if (lecture.kind === 'article' && lecture.readingMinutes) return `${lecture.readingMinutes} min read`;
  if (lecture.formattedDuration) return lecture.formattedDuration;
  return `${Math.floor(Math.max(0, lecture.duration) / 60)} min`;
}

/**
 * The preview featured at the top of the course page: the first free lecture whose title contains
 * 'intro', any case (spec section 4), else the first free lecture. Every free lecture is playable from
 * its row as well (CourseContent).
 */
export function previewIntroLecture<T extends Pick<Lecture, 'isPreview' | 'title'>>(
  lectures: readonly T[],
): T | null {
  return (
    lectures.find((lecture) => lecture.isPreview && /intro/i.test(lecture.title)) ??
    lectures.find((lecture) => lecture.isPreview) ??
    null
  );
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
