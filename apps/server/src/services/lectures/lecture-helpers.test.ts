import { describe, expect, it } from 'vitest';
import {
  clampDuration,
  formatCourseDuration,
  formatLectureDuration,
  MAX_LECTURE_SECONDS,
} from './lecture-duration';
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

  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [75, '1:15'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [86_400, '24:00:00'],
  ])('formats a lecture of %i s as %j', (seconds, text) => {
    expect(formatLectureDuration(seconds)).toBe(text);
  });

  it.each([
    [0, null],
    [45, '45s'],
    [750, '12m 30s'],
    [3905, '1h 05m'],
  ])('formats a course total of %i s as %j', (seconds, text) => {
    expect(formatCourseDuration(seconds)).toBe(text);
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
