import { describe, expect, it } from 'vitest';
import { creatorSizeClass, salesClass } from './bands';
import {
  averagePerVideo,
  creatorClass,
  creatorClassLabels,
  creatorGenderLabel,
  creatorSizeRanges,
  type IntRange,
  salesClassRanges,
  sizeClassCodes,
} from './creators';

/** The first and last integer of each range, and the integers just outside it. */
function edges(range: IntRange): { inside: number[]; outside: number[] } {
  const inside = range.max === null ? [range.min] : [range.min, range.max];
  const outside = [range.min - 1, ...(range.max === null ? [] : [range.max + 1])].filter((n) => n >= 0);
  return { inside, outside };
}

describe('creatorSizeRanges', () => {
  it('agrees with creatorSizeClass at every edge, so a follower-class filter finds exactly the class', () => {
    for (const code of sizeClassCodes) {
      const { inside, outside } = edges(creatorSizeRanges[code]);
      for (const followers of inside) expect(creatorSizeClass(followers).code, `${followers}`).toBe(code);
      for (const followers of outside) expect(creatorSizeClass(followers).code, `${followers}`).not.toBe(code);
    }
  });

  it('covers every follower count once, smallest class first', () => {
    let next = 0;
    for (const code of sizeClassCodes) {
      expect(creatorSizeRanges[code].min).toBe(next);
      next = (creatorSizeRanges[code].max ?? Number.POSITIVE_INFINITY) + 1;
    }
    expect(next).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('salesClassRanges', () => {
  it('agrees with salesClass at every edge in fen', () => {
    for (const code of sizeClassCodes) {
      const { inside, outside } = edges(salesClassRanges[code]);
      for (const fen of inside) expect(salesClass(fen).code, `${fen}`).toBe(code);
      for (const fen of outside) expect(salesClass(fen).code, `${fen}`).not.toBe(code);
    }
  });

  it('puts 30,000 yuan of sales in the small class and 29,999.99 in the tail', () => {
    expect(salesClass(3_000_000).code).toBe('small');
    expect(salesClass(2_999_999).code).toBe('tail');
  });
});

describe('creatorClass', () => {
  it('labels creators by size as 达人 classes', () => {
    expect(creatorClass(9_999)).toEqual({ code: 'tail', label: '尾部达人' });
    expect(creatorClass(10_000)).toEqual({ code: 'small', label: '小达人' });
    expect(creatorClass(500_000)).toEqual({ code: 'mid', label: '腰部达人' });
    expect(creatorClass(5_000_000)).toEqual({ code: 'shoulder', label: '肩部达人' });
    expect(creatorClass(5_000_001)).toEqual({ code: 'head', label: '头部达人' });
  });

  it('builds each creator label from the band label, so the two never disagree', () => {
    for (const code of sizeClassCodes) {
      const followers = creatorSizeRanges[code].min;
      expect(creatorClassLabels[code]).toBe(`${creatorSizeClass(followers).label}达人`);
    }
  });
});

describe('creatorGenderLabel', () => {
  it('reads the platform codes and calls anything else unknown', () => {
    expect(creatorGenderLabel(1)).toBe('男');
    expect(creatorGenderLabel(2)).toBe('女');
    expect(creatorGenderLabel(0)).toBe('未知');
    expect(creatorGenderLabel(7)).toBe('未知');
  });
});

describe('averagePerVideo', () => {
  it('divides a total by the works and rounds to a whole count', () => {
    expect(averagePerVideo(1_000, 3)).toBe(333);
    expect(averagePerVideo(1_001, 2)).toBe(501);
    expect(averagePerVideo(12_345_678, 100)).toBe(123_457);
  });

  it('gives 0 for a creator without works instead of Infinity or NaN', () => {
    expect(averagePerVideo(500, 0)).toBe(0);
    expect(averagePerVideo(0, 0)).toBe(0);
    expect(averagePerVideo(Number.NaN, 4)).toBe(0);
    expect(averagePerVideo(-10, 4)).toBe(0);
  });
});
