import { describe, expect, it } from 'vitest';
import {
  createLectureRequestSchema,
  reorderLecturesRequestSchema,
  updateLectureRequestSchema,
} from '../src/lecture';

const TITLE_REQUIRED = 'Lecture title must be required!';

function titleErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path[0] === 'title')
    .map((issue) => issue.message);
}

describe('createLectureRequestSchema', () => {
  it('accepts a title and a courseId, trimming the title', () => {
    expect(createLectureRequestSchema.parse({ title: '  Intro ', courseId: 'c1' })).toEqual({
      title: 'Intro',
      courseId: 'c1',
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['whitespace', '   '],
    ['null', null],
  ])('title %s -> Lecture title must be required!', (_label, title) => {
    const result = createLectureRequestSchema.safeParse({ title, courseId: 'c1' });
    expect(result.success).toBe(false);
    expect(titleErrors(result)).toEqual([TITLE_REQUIRED]);
    expect(result.error?.issues).toHaveLength(1);
  });

  it('refuses a title over 200 characters', () => {
    expect(createLectureRequestSchema.safeParse({ title: 't'.repeat(200), courseId: 'c1' }).success).toBe(
      true,
    );
    expect(createLectureRequestSchema.safeParse({ title: 't'.repeat(201), courseId: 'c1' }).success).toBe(
      false,
    );
  });

  it('requires a courseId', () => {
    expect(createLectureRequestSchema.safeParse({ title: 'Intro' }).success).toBe(false);
    expect(createLectureRequestSchema.safeParse({ title: 'Intro', courseId: '' }).success).toBe(false);
  });
});

describe('updateLectureRequestSchema', () => {
  it('allows omitting the title', () => {
    expect(updateLectureRequestSchema.parse({})).toEqual({});
    expect(updateLectureRequestSchema.parse({ isPreview: true })).toEqual({ isPreview: true });
  });

  it('trims a given title', () => {
    expect(updateLectureRequestSchema.parse({ title: ' Part 2 ' }).title).toBe('Part 2');
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \n '],
    ['null', null],
  ])('title %s -> Lecture title must be required!', (_label, title) => {
    const result = updateLectureRequestSchema.safeParse({ title });
    expect(result.success).toBe(false);
    expect(titleErrors(result)).toEqual([TITLE_REQUIRED]);
  });

  it('refuses a negative order or duration', () => {
    expect(updateLectureRequestSchema.safeParse({ order: -1 }).success).toBe(false);
    expect(updateLectureRequestSchema.safeParse({ order: 1.5 }).success).toBe(false);
    expect(updateLectureRequestSchema.safeParse({ duration: -0.1 }).success).toBe(false);
    expect(updateLectureRequestSchema.safeParse({ order: 0, duration: 0 }).success).toBe(true);
  });
});

describe('reorderLecturesRequestSchema', () => {
  it('needs at least one id', () => {
    expect(reorderLecturesRequestSchema.safeParse({ lectureIds: [] }).success).toBe(false);
    expect(reorderLecturesRequestSchema.safeParse({ lectureIds: ['l1'] }).success).toBe(true);
  });
});
