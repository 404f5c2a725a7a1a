/** Factories for the curriculum.* operations' answers (sections of lessons; see sequence.ts for ids). */
import {
  CURRICULUM_TEXT,
  type CurriculumLesson,
  type CurriculumResponse,
  type CurriculumSection,
  type Section,
} from '@lectio/contracts/curriculum';
import { formatLectureDuration } from '@lectio/contracts/durations';
import { LECTURE_TITLES } from './sample-content.js';
import { given, next, nextId, pick, sequentialUuid } from './sequence.js';

export type { CurriculumLesson, CurriculumSection, Section };
export type Curriculum = CurriculumResponse['data'];

/**
 * A lesson's outline; `order` is its place in the whole course. `kind: 'article'` builds an article's
 * (no duration, a reading time; an outline never carries a body).
 */
export function buildCurriculumLesson(overrides: Partial<CurriculumLesson> = {}): CurriculumLesson {
  const n = next();
  const order = overrides.order ?? 1;
  const isArticle = overrides.kind === 'article';
  const duration = overrides.duration ?? (isArticle ? 0 : 240 + ((n * 137) % 900));
  return {
    _id: sequentialUuid(n),
    title: pick(LECTURE_TITLES, order),
    kind: 'video',
    order,
    isPreview: order === 1,
    duration,
    formattedDuration: isArticle ? null : formatLectureDuration(duration),
    readingMinutes: isArticle ? 1 + (n % 9) : null,
    ...given(overrides),
  };
}

/** A section holding `lessons` (its counts and duration follow them unless overridden). */
export function buildCurriculumSection(
  overrides: Partial<CurriculumSection> = {},
  lessons: CurriculumLesson[] = overrides.lessons ?? [],
): CurriculumSection {
  const n = next();
  return {
    _id: sequentialUuid(n),
    title:
      overrides.order === 1 || overrides.order === undefined
        ? CURRICULUM_TEXT.defaultSection
        : `Part ${overrides.order}`,
    order: 1,
    lessonCount: lessons.length,
    duration: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
    opensAfterDays: null,
    opensAt: null,
    opensOn: null,
    lessons,
    ...given(overrides),
  };
}

/**
 * A course's curriculum: by default two sections, "Course content" with lessons 1-2 and "Part 2" with
 * lesson 3 (the first a preview), the course's totals summed from them.
 */
export function buildCurriculum(overrides: Partial<Curriculum> = {}): Curriculum {
  const sections = overrides.sections ?? [
    buildCurriculumSection({ order: 1 }, [
      buildCurriculumLesson({ order: 1 }),
      buildCurriculumLesson({ order: 2 }),
    ]),
    buildCurriculumSection({ order: 2 }, [buildCurriculumLesson({ order: 3 })]),
  ];
  return {
    courseId: overrides.courseId ?? nextId(),
    lessonCount: sections.reduce((sum, section) => sum + section.lessonCount, 0),
    duration: sections.reduce((sum, section) => sum + section.duration, 0),
    sections,
    ...given(overrides),
  };
}

export function buildSection(overrides: Partial<Section> = {}): Section {
  const n = next();
  return {
    _id: sequentialUuid(n),
    courseId: nextId(),
    title: CURRICULUM_TEXT.defaultSection,
    order: 1,
    opensAfterDays: null,
    opensAt: null,
    ...given(overrides),
  };
}
