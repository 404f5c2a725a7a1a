import { describe, expect, it } from 'vitest';
import { validateLectureSearch } from './lecture-search';

const ID = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';

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

  it('keeps a question’s id (?question=), and drops what is not one', () => {
    expect(validateLectureSearch({ question: ID, t: 3 })).toEqual({ question: ID, t: 3 });
    expect(validateLectureSearch({ question: ID.toUpperCase() })).toEqual({ question: ID });
    for (const question of ['abc', '', 42, null, `${ID}x`]) {
      expect(validateLectureSearch({ question })).toEqual({});
    }
  });
});
