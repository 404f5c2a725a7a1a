import { describe, expect, it } from 'vitest';
import { formatCourseDuration, formatLectureDuration } from '../src/durations';

describe('formatLectureDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [75, '1:15'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [86_400, '24:00:00'],
    [-5, '0:00'],
    [74.6, '1:15'],
  ])('formats a lecture of %d s as %j', (seconds, text) => {
    expect(formatLectureDuration(seconds)).toBe(text);
  });
});

describe('formatCourseDuration', () => {
  it.each([
    [0, null],
    [-5, null],
    [0.4, null],
    [45, '45s'],
    [750, '12m 30s'],
    [3905, '1h 05m'],
  ])('formats a course total of %d s as %j', (seconds, text) => {
    expect(formatCourseDuration(seconds)).toBe(text);
  });
});
