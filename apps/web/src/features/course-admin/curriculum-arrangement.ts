/**
 * The curriculum editor's order (issue 26, decision 0075) as `curriculum.arrange` takes it: every section
 * in order, each with its lessons in order. Pure moves on it, for drag and drop and the Move buttons.
 */
import type { ArrangeCurriculumRequest, CurriculumSection } from '@lectio/contracts/curriculum';

export type Arrangement = ArrangeCurriculumRequest['sections'];

export function arrangementOf(sections: readonly Pick<CurriculumSection, '_id' | 'lessons'>[]): Arrangement {
  return sections.map((section) => ({
    sectionId: section._id,
    lessonIds: section.lessons.map((lesson) => lesson._id),
  }));
}

/** The index of the section holding `lessonId`, or -1. */
export function sectionIndexOf(arrangement: Arrangement, lessonId: string): number {
  return arrangement.findIndex((section) => section.lessonIds.includes(lessonId));
}

/** `lessonId` moved into section `toSection` at `toIndex` (clamped); unchanged when either is unknown. */
export function moveLesson(
  arrangement: Arrangement,
  lessonId: string,
  toSection: number,
  toIndex: number,
): Arrangement {
  const from = sectionIndexOf(arrangement, lessonId);
  if (from < 0 || !arrangement[toSection]) return arrangement;
  const without = arrangement.map((section) => ({
    sectionId: section.sectionId,
    lessonIds: section.lessonIds.filter((id) => id !== lessonId),
  }));
  const target = without[toSection] as Arrangement[number];
  const index = Math.min(Math.max(toIndex, 0), target.lessonIds.length);
  target.lessonIds.splice(index, 0, lessonId);
  return without;
}

/**
 * One place up (-1) or down (+1) in the whole curriculum: past the first or last lesson of its section
 * it crosses into the section before (at its end) or after (at its start). Null where it can't go.
 */
export function moveLessonBy(arrangement: Arrangement, lessonId: string, delta: -1 | 1): Arrangement | null {
  const from = sectionIndexOf(arrangement, lessonId);
  const section = arrangement[from];
  if (!section) return null;
  const index = section.lessonIds.indexOf(lessonId);
  const target = index + delta;
  if (target >= 0 && target < section.lessonIds.length)
    return moveLesson(arrangement, lessonId, from, target);
  const neighbour = arrangement[from + delta];
  if (!neighbour) return null;
  return moveLesson(arrangement, lessonId, from + delta, delta < 0 ? neighbour.lessonIds.length : 0);
}

/** Section `from` moved to index `to` (both in range), or null when it can't move there. */
export function moveSection(arrangement: Arrangement, from: number, to: number): Arrangement | null {
  if (from === to || !arrangement[from] || !arrangement[to]) return null;
  const next = [...arrangement];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Arrangement[number]);
  return next;
}

/** Whether two arrangements list the same order. */
export function sameArrangement(a: Arrangement, b: Arrangement): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
