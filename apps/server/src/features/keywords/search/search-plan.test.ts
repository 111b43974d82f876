import { describe, expect, it } from 'vitest';
import { selectiveGrams } from './search-plan';

describe('the grams the n-gram index intersects', () => {
  it('leaves out a gram much commoner than the rarest, rarest first', () => {
    // 郑州学生 on the 10M benchmark library: 郑州 65,417, 州学 94,720, 学生 1,237,050 keywords.
    expect(
      selectiveGrams([
        { gram: 1, matches: 65_417 },
        { gram: 2, matches: 94_720 },
        { gram: 3, matches: 1_237_050 },
      ]),
    ).toEqual([1, 2]);
  });

  it('keeps every gram up to four times the rarest', () => {
    expect(
      selectiveGrams([
        { gram: 7, matches: 219_117 },
        { gram: 5, matches: 57_268 },
        { gram: 6, matches: 65_417 },
      ]),
    ).toEqual([5, 6, 7]);
    expect(
      selectiveGrams([
        { gram: 1, matches: 100 },
        { gram: 2, matches: 400 },
        { gram: 3, matches: 401 },
      ]),
    ).toEqual([1, 2]);
  });

  it('always keeps the two rarest, however common the second', () => {
    expect(
      selectiveGrams([
        { gram: 1, matches: 10 },
        { gram: 2, matches: 1_000_000 },
      ]),
    ).toEqual([1, 2]);
    expect(selectiveGrams([{ gram: 9, matches: 0 }])).toEqual([9]);
    expect(selectiveGrams([])).toEqual([]);
  });
});
