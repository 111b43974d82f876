import { describe, expect, it } from 'vitest';
import { creatorSizeClass, type SizeClassCode, salesClass } from './bands';
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

/** Every range's edges fall in its class and the integers just outside them do not. */
function expectRangesAgree(ranges: Record<SizeClassCode, IntRange>, classOf: (value: number) => { code: string }) {
  for (const code of sizeClassCodes) {
    const { inside, outside } = edges(ranges[code]);
    for (const value of inside) expect(classOf(value).code, `${value}`).toBe(code);
    for (const value of outside) expect(classOf(value).code, `${value}`).not.toBe(code);
  }
}

describe('creatorSizeRanges', () => {
  it('agrees with creatorSizeClass at every edge, so a follower-class filter finds exactly the class', () => {
    expectRangesAgree(creatorSizeRanges, creatorSizeClass);
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
    expectRangesAgree(salesClassRanges, salesClass);
  });

  it('puts 30,000 yuan of sales in the small class and 29,999.99 in the tail', () => {
    expect(salesClass(3_000_000).code).toBe('small');
    expect(salesClass(2_999_999).code).toBe('tail');
  });
});

describe('creatorClass', () => {
  it.each([
    [9_999, 'tail', '尾部达人'],
    [10_000, 'small', '小达人'],
    [500_000, 'mid', '腰部达人'],
    [5_000_000, 'shoulder', '肩部达人'],
    [5_000_001, 'head', '头部达人'],
  ])('labels creators by size as 达人 classes: %s → %s %s', (followers, code, label) => {
    expect(creatorClass(followers)).toEqual({ code, label });
  });

  it('builds each creator label from the band label, so the two never disagree', () => {
    for (const code of sizeClassCodes) {
      const followers = creatorSizeRanges[code].min;
      expect(creatorClassLabels[code]).toBe(`${creatorSizeClass(followers).label}达人`);
    }
  });
});

describe('creatorGenderLabel', () => {
  it.each([
    [1, '男'],
    [2, '女'],
    [0, '未知'],
    [7, '未知'],
  ])('reads the platform codes and calls anything else unknown: %s → %s', (gender, label) => {
    expect(creatorGenderLabel(gender)).toBe(label);
  });
});

describe('averagePerVideo', () => {
  const expectAverage = (total: number, works: number, average: number) =>
    expect(averagePerVideo(total, works)).toBe(average);

  it.each([
    [1_000, 3, 333],
    [1_001, 2, 501],
    [12_345_678, 100, 123_457],
  ])('divides a total by the works and rounds to a whole count: %s / %s → %s', expectAverage);
  it.each([
    [500, 0, 0],
    [0, 0, 0],
    [Number.NaN, 4, 0],
    [-10, 4, 0],
  ])('gives 0 for a creator without works instead of Infinity or NaN: %s / %s → %s', expectAverage);
});
