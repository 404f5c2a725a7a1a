import { describe, expect, it } from 'vitest';
import { type Arrangement, moveLesson, moveLessonBy, moveSection } from './curriculum-arrangement';

const start: Arrangement = [
  { sectionId: 's1', lessonIds: ['a', 'b'] },
  { sectionId: 's2', lessonIds: [] },
  { sectionId: 's3', lessonIds: ['c'] },
];

describe('curriculum arrangement moves', () => {
  it('moves a lesson within and across sections, into an empty one too', () => {
    expect(moveLesson(start, 'b', 0, 0)[0]?.lessonIds).toEqual(['b', 'a']);
    expect(moveLesson(start, 'a', 1, 0)).toEqual([
      { sectionId: 's1', lessonIds: ['b'] },
      { sectionId: 's2', lessonIds: ['a'] },
      { sectionId: 's3', lessonIds: ['c'] },
    ]);
    expect(moveLesson(start, 'a', 2, 99)[2]?.lessonIds).toEqual(['c', 'a']);
    expect(moveLesson(start, 'zz', 1, 0)).toBe(start);
    expect(start[0]?.lessonIds).toEqual(['a', 'b']);
  });

  it('steps a lesson up and down across section boundaries, empty sections included', () => {
    expect(moveLessonBy(start, 'a', 1)?.[0]?.lessonIds).toEqual(['b', 'a']);
    const down = moveLessonBy(start, 'b', 1);
    expect(down?.map((section) => section.lessonIds)).toEqual([['a'], ['b'], ['c']]);
    const up = moveLessonBy(start, 'c', -1);
    expect(up?.map((section) => section.lessonIds)).toEqual([['a', 'b'], ['c'], []]);
    expect(moveLessonBy(start, 'a', -1)).toBeNull();
    expect(moveLessonBy(start, 'c', 1)).toBeNull();
  });

  it('moves a section with its lessons', () => {
    expect(moveSection(start, 2, 0)?.map((section) => section.sectionId)).toEqual(['s3', 's1', 's2']);
    expect(moveSection(start, 0, 0)).toBeNull();
    expect(moveSection(start, 0, 3)).toBeNull();
  });
});
