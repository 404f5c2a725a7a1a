import { describe, expect, it } from 'vitest';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, readingMinutes } from '../src/curriculum';
import {
  createLectureRequestSchema,
  createLessonRequestSchema,
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

describe('article lessons (decision 0077)', () => {
  const bodyErrors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).filter((issue) => issue.path[0] === 'body').map((issue) => issue.message);

  it('creates a video by default and an article with its Markdown, kept as sent', () => {
    expect(createLessonRequestSchema.parse({ title: 'Intro', courseId: 'c1' })).toEqual({
      title: 'Intro',
      courseId: 'c1',
    });
    const body = '# Notes\n\nLine with two trailing spaces  \n';
    expect(
      createLessonRequestSchema.parse({ title: 'Read me', courseId: 'c1', kind: 'article', body }),
    ).toMatchObject({ kind: 'article', body });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', ' \n\t '],
  ])('refuses an article whose body is %s', (_case, body) => {
    const result = createLessonRequestSchema.safeParse({ title: 'A', courseId: 'c1', kind: 'article', body });
    expect(bodyErrors(result)).toEqual([ARTICLE_MESSAGES.bodyRequired]);
  });

  it('refuses a body on a video, but not an empty one', () => {
    for (const kind of [undefined, 'video'] as const) {
      const result = createLessonRequestSchema.safeParse({ title: 'V', courseId: 'c1', kind, body: 'Text' });
      expect(bodyErrors(result)).toEqual([ARTICLE_MESSAGES.bodyOnlyOnArticles]);
    }
    expect(createLessonRequestSchema.safeParse({ title: 'V', courseId: 'c1', body: '' }).success).toBe(true);
  });

  it('limits the body to 100,000 characters and refuses an unknown kind', () => {
    const at = (length: number) =>
      createLessonRequestSchema.safeParse({
        title: 'A',
        courseId: 'c1',
        kind: 'article',
        body: 'x'.repeat(length),
      });
    expect(at(ARTICLE_LIMITS.bodyCharacters).success).toBe(true);
    expect(bodyErrors(at(ARTICLE_LIMITS.bodyCharacters + 1))).toEqual([ARTICLE_MESSAGES.bodyTooLong]);
    const podcast = createLessonRequestSchema.safeParse({ title: 'P', courseId: 'c1', kind: 'podcast' });
    expect(podcast.error?.issues.map((issue) => issue.message)).toEqual([ARTICLE_MESSAGES.kindInvalid]);
    // A quiz is a kind (decision 0081), and has no body.
    expect(createLessonRequestSchema.safeParse({ title: 'Q', courseId: 'c1', kind: 'quiz' }).success).toBe(
      true,
    );
    expect(
      bodyErrors(
        createLessonRequestSchema.safeParse({ title: 'Q', courseId: 'c1', kind: 'quiz', body: 'Text' }),
      ),
    ).toEqual([ARTICLE_MESSAGES.bodyOnlyOnArticles]);
  });

  it('keeps the form fields pickable', () => {
    expect(createLectureRequestSchema.pick({ title: true }).parse({ title: ' T ' })).toEqual({ title: 'T' });
  });

  it('updates a body only with text', () => {
    expect(updateLectureRequestSchema.parse({ body: 'New text' })).toEqual({ body: 'New text' });
    expect(bodyErrors(updateLectureRequestSchema.safeParse({ body: '  ' }))).toEqual([
      ARTICLE_MESSAGES.bodyRequired,
    ]);
  });

  it.each([
    [0, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [1000, 5],
  ])('reads %i words in %i minutes', (words, minutes) => {
    expect(readingMinutes('article', words)).toBe(minutes);
    expect(readingMinutes('video', words)).toBeNull();
  });
});
