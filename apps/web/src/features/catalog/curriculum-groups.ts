/**
 * A course's lectures (the `/videos` view, which carries each viewer's access) grouped by the curriculum's
 * sections (`curriculum.get`, decision 0075), for the course page and the player's sidebar.
 */
import type { CurriculumSection } from '@lectio/contracts/curriculum';
import type { Lecture } from '@lectio/contracts/lecture';

export interface SectionGroup {
  section: Pick<CurriculumSection, '_id' | 'title' | 'duration'> | null;
  lectures: Lecture[];
}

/**
 * The lectures grouped by the outline's sections; one unnamed group when there is no outline or it doesn't
 * list exactly these lectures (a course changed between the two reads).
 */
export function groupBySection(
  lectures: readonly Lecture[],
  sections: readonly CurriculumSection[] | undefined,
): SectionGroup[] {
  const byId = new Map(lectures.map((lecture) => [lecture._id, lecture]));
  const listed = sections?.flatMap((section) => section.lessons.map((lesson) => lesson._id)) ?? [];
  const matches = listed.length === byId.size && listed.every((id) => byId.has(id));
  if (!sections || !matches) return [{ section: null, lectures: [...lectures] }];
  return sections.map((section) => ({
    section,
    lectures: section.lessons.map((lesson) => byId.get(lesson._id) as Lecture),
  }));
}
