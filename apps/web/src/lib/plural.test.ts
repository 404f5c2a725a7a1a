import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countOf(1, 'student', 'students')).toBe('1 student');
    expect(countOf(0, 'student', 'students')).toBe('0 students');
    expect(countOf(2, 'lecture', 'lectures')).toBe('2 lectures');
    expect(countOf(1.5, 'hour', 'hours')).toBe('1.5 hours');
  });
});
