import { describe, expect, it } from 'vitest';
import { validateLectureSearch } from './lecture-search';

describe('validateLectureSearch', () => {
  it('keeps a whole number of seconds, 0 or more', () => {
    expect(validateLectureSearch({ t: 42 })).toEqual({ t: 42 });
    expect(validateLectureSearch({ t: 0 })).toEqual({ t: 0 });
    expect(validateLectureSearch({ t: '7' })).toEqual({ t: 7 });
  });

  it('drops anything else', () => {
    for (const t of [-1, 1.5, 'abc', '', null, undefined, Number.POSITIVE_INFINITY, {}]) {
      expect(validateLectureSearch({ t })).toEqual({});
    }
  });
});
