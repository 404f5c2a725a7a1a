import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { toMajorUnits, toMinorUnits } from '../../lib/money';
import { decodeRatingCursor, encodeRatingCursor } from './course-cursor';
import { completionPercentage } from './present-course';
import { containsPattern, escapeLike } from './search-pattern';

describe('escapeLike / containsPattern', () => {
  it.each([
    ['go', 'go'],
    ['50%', '50\\%'],
    ['snake_case', 'snake\\_case'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
  ])('%j -> %j', (text, escaped) => {
    expect(escapeLike(text)).toBe(escaped);
  });

  it('wraps trimmed text in wildcards and ignores blank text', () => {
    expect(containsPattern('  Go ')).toBe('%Go%');
    expect(containsPattern('   ')).toBeUndefined();
    expect(containsPattern(undefined)).toBeUndefined();
  });
});

describe('course cursors', () => {
  const position = { createdAt: '2026-03-01T12:00:00.123456Z', id: '0b6f0c1e-3f7a-4c1b-9d2e-7a8b9c0d1e2f' };

  it('round-trips a position', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    'not base64!',
    Buffer.from('2026-03-01T12:00:00.123456Z').toString('base64url'),
    Buffer.from(`2026-03-01T12:00:00Z|${position.id}`).toString('base64url'),
    Buffer.from(`2026-03-01T12:00:00.123456Z|nope`).toString('base64url'),
    Buffer.from(`2026-13-45T12:00:00.123456Z|${position.id}`).toString('base64url'),
    Buffer.from(`2026-02-30T12:00:00.123456Z|${position.id}`).toString('base64url'),
    Buffer.from(`${position.createdAt}|${position.id}|extra`).toString('base64url'),
  ])('refuses %j with a 400', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(AppError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as AppError).status).toBe(400);
    }
  });
});

describe('rating cursors', () => {
  const position = { rating: '3.3333333', ratingCount: 3, id: '0b6f0c1e-3f7a-4c1b-9d2e-7a8b9c0d1e2f' };

  it('round-trips a position, and the two orders refuse each other’s cursors', () => {
    expect(decodeRatingCursor(encodeRatingCursor(position))).toEqual(position);
    expect(decodeRatingCursor(encodeRatingCursor({ ...position, rating: '0', ratingCount: 0 }))).toEqual({
      ...position,
      rating: '0',
      ratingCount: 0,
    });
    const newest = encodeCursor({ createdAt: '2026-03-01T12:00:00.123456Z', id: position.id });
    expect(() => decodeRatingCursor(newest)).toThrow(AppError);
    expect(() => decodeCursor(encodeRatingCursor(position))).toThrow(AppError);
  });

  it.each([
    `r|5.5|1|${position.id}`,
    `r|-1|1|${position.id}`,
    `r|NaN|1|${position.id}`,
    `r|4.5|-1|${position.id}`,
    `r|4.5|99999999999|${position.id}`,
    `r|4.5|1|nope`,
    `x|4.5|1|${position.id}`,
    `r|4.5|1|${position.id}|extra`,
  ])('refuses %j with a 400', (text) => {
    const cursor = Buffer.from(text).toString('base64url');
    expect(() => decodeRatingCursor(cursor)).toThrow(AppError);
  });
});

describe('completionPercentage and money', () => {
  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [5, 3, 100],
  ])('%i of %i -> %i', (completed, total, expected) => {
    expect(completionPercentage(completed, total)).toBe(expected);
  });

  it('converts between major and minor units without float drift', () => {
    expect(toMinorUnits(499.5)).toBe(49_950);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMajorUnits(49_950)).toBe(499.5);
  });
});
