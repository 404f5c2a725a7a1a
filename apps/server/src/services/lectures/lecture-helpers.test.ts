import { describe, expect, it } from 'vitest';
import { clampDuration, MAX_LECTURE_SECONDS } from './lecture-duration';
import { moveTo } from './lecture-order';

describe('lecture durations', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [59.4, 59],
    [59.5, 60],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [10 ** 9, MAX_LECTURE_SECONDS],
  ])('clamps %d to %d', (input, expected) => {
    expect(clampDuration(input)).toBe(expected);
  });
});

describe('moveTo', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it.each([
    ['d', 1, ['d', 'a', 'b', 'c']],
    ['a', 3, ['b', 'c', 'a', 'd']],
    ['b', 0, ['b', 'a', 'c', 'd']],
    ['b', 99, ['a', 'c', 'd', 'b']],
    ['c', 3, ['a', 'b', 'c', 'd']],
  ])('moves %s to %i', (id, order, expected) => {
    expect(moveTo(ids, id, order)).toEqual(expected);
  });
});
