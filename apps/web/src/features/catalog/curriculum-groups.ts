/**
 * A course's lectures (the `/videos` view, which carries each viewer's access) grouped by the curriculum's
 * sections (`curriculum.get`, decision 0075), for the course page and the player's sidebar.
 */

import { DATE_LOCALE } from '@lectio/contracts/constants';
import type { CurriculumSection } from '@lectio/contracts/curriculum';
import type { Lecture } from '@lectio/contracts/lecture';
import { CATALOG_TEXT } from './catalog-text';

export interface SectionGroup {
  section: Pick<
    CurriculumSection,
    '_id' | 'title' | 'duration' | 'opensOn' | 'opensAt' | 'opensAfterDays'
  > | null;
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

let dayFormat: Intl.DateTimeFormat | undefined;

/** 5 Dec 2026 (en-IN, like every course screen). */
function day(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormat.format(new Date(iso));
}

/**
 * When a section opens (drip release, decision 0076), as the section heading says it: for a learner, the
 * day it opens for them while it is closed; for a viewer who hasn't enrolled (`showRules`), its rule.
 * Null when there is nothing to say.
 */
export function sectionOpening(
  section: NonNullable<SectionGroup['section']>,
  showRules: boolean,
  now: Date = new Date(),
): string | null {
  if (section.opensOn) return CATALOG_TEXT.sectionOpensOn(day(section.opensOn));
  if (!showRules) return null;
  if (section.opensAt && new Date(section.opensAt) > now)
    return CATALOG_TEXT.sectionOpensOn(day(section.opensAt));
  if (section.opensAfterDays) return CATALOG_TEXT.sectionOpensAfterDays(section.opensAfterDays);
  return null;
}
