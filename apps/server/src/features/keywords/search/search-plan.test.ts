import { describe, expect, it } from 'vitest';
import { selectiveGrams } from './search-plan';

/** The gram counts as the planner reads them: each [gram, matches] pair in the order given. */
const counts = (...pairs: Array<[gram: number, matches: number]>) =>
  pairs.map(([gram, matches]) => ({ gram, matches }));

describe('the grams the n-gram index intersects', () => {
  it('leaves out a gram much commoner than the rarest, rarest first', () => {
    // 郑州学生 on the 10M benchmark library: 郑州 65,417, 州学 94,720, 学生 1,237,050 keywords.
    expect(selectiveGrams(counts([1, 65_417], [2, 94_720], [3, 1_237_050]))).toEqual([1, 2]);
  });

  it('keeps every gram up to four times the rarest', () => {
    expect(selectiveGrams(counts([7, 219_117], [5, 57_268], [6, 65_417]))).toEqual([5, 6, 7]);
    expect(selectiveGrams(counts([1, 100], [2, 400], [3, 401]))).toEqual([1, 2]);
  });

  it('always keeps the two rarest, however common the second', () => {
    expect(selectiveGrams(counts([1, 10], [2, 1_000_000]))).toEqual([1, 2]);
    expect(selectiveGrams(counts([9, 0]))).toEqual([9]);
    expect(selectiveGrams([])).toEqual([]);
  });
});
