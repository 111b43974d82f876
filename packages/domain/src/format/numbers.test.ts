import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  abbreviateNumberFloor,
  formatCountPlus,
  formatRemainingCount,
  fractionToPercent,
  parseLooseNumber,
  roundRate,
  roundTo,
  toPercent,
  truncateTo,
} from './numbers';

describe('roundTo and truncateTo', () => {
  it('rounds decimal halves up where binary multiplication would round down', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.15, 1)).toBe(1.2);
  });

  it('rounds negative halves away from zero like positive ones', () => {
    expect(roundTo(-2.5)).toBe(-3);
  });

  it('truncates toward zero', () => {
    expect(truncateTo(1.99, 1)).toBe(1.9);
    expect(truncateTo(-1.99, 1)).toBe(-1.9);
  });
});

describe('formatCountPlus', () => {
  it('shows counts up to 100 exactly and floors above 100 with +', () => {
    expect(formatCountPlus(100)).toBe('100');
    expect(formatCountPlus(101)).toBe('100+');
    expect(formatCountPlus(123)).toBe('100+');
    expect(formatCountPlus(999)).toBe('900+');
  });

  it('floors thousands to the leading digit', () => {
    expect(formatCountPlus(1234)).toBe('1000+');
    expect(formatCountPlus(9999)).toBe('9000+');
  });

  it('switches to w+ at 10,000', () => {
    expect(formatCountPlus(10_000)).toBe('1w+');
    expect(formatCountPlus(12_345)).toBe('1w+');
    expect(formatCountPlus(99_999_999)).toBe('9999w+');
  });

  it('switches to 亿+ at 10^8', () => {
    expect(formatCountPlus(100_000_000)).toBe('1亿+');
    expect(formatCountPlus(123_456_789)).toBe('1亿+');
  });
});

describe('abbreviateNumber', () => {
  it('keeps 9,999 as an integer and shows w from 10,000', () => {
    expect(abbreviateNumber(9999)).toBe('9999');
    expect(abbreviateNumber(10_000)).toBe('1.0w');
  });

  it('rounds to the given decimals', () => {
    expect(abbreviateNumber(12_345)).toBe('1.2w');
    expect(abbreviateNumber(12_345, 2)).toBe('1.23w');
    expect(abbreviateNumber(15_000, 0)).toBe('2w');
  });

  it('shows 亿 from 100,000,000', () => {
    expect(abbreviateNumber(99_999_999, 2)).toBe('1.00亿');
    expect(abbreviateNumber(100_000_000)).toBe('1.0亿');
    expect(abbreviateNumber(250_000_000)).toBe('2.5亿');
  });

  it('rounds small values to an integer', () => {
    expect(abbreviateNumber(12.6)).toBe('13');
    expect(abbreviateNumber('456')).toBe('456');
  });

  it('shows -- for empty, zero and dash values', () => {
    for (const value of ['', undefined, null, 0, '-', '0']) {
      expect(abbreviateNumber(value)).toBe('--');
    }
  });

  it('shows 0 for empty values with the zero flag', () => {
    expect(abbreviateNumber(null, 1, { zero: true })).toBe('0');
    expect(abbreviateNumber(0, 1, { zero: true })).toBe('0');
  });
});

describe('abbreviateNumberFloor', () => {
  it('truncates where abbreviateNumber rounds', () => {
    expect(abbreviateNumber(19_999)).toBe('2.0w');
    expect(abbreviateNumberFloor(19_999)).toBe('1.9w');
    expect(abbreviateNumberFloor(199_999_999)).toBe('1.9亿');
  });

  it('stays in 万 just below 10^8 instead of promoting', () => {
    expect(abbreviateNumberFloor(99_999_999)).toBe('9999.9w');
  });

  it('truncates small values to an integer', () => {
    expect(abbreviateNumberFloor(9999.9)).toBe('9999');
  });
});

describe('parseLooseNumber', () => {
  it('reads numeric text and rejects other text', () => {
    expect(parseLooseNumber(' 12 ')).toBe(12);
    expect(parseLooseNumber('abc')).toBeNull();
    expect(parseLooseNumber(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('formatRemainingCount', () => {
  it('shows the count up to the cap and cap+ above it', () => {
    expect(formatRemainingCount(9999)).toBe('9999');
    expect(formatRemainingCount(10_000)).toBe('9999+');
  });

  it('accepts a custom cap', () => {
    expect(formatRemainingCount(100, 99)).toBe('99+');
  });

  it('shows 0 when nothing is left or the value is missing', () => {
    expect(formatRemainingCount(-3)).toBe('0');
    expect(formatRemainingCount(null)).toBe('0');
  });
});

describe('toPercent', () => {
  it('shows a ratio with two decimals by default', () => {
    expect(toPercent(0.1234)).toBe('12.34%');
    expect(toPercent(0.5)).toBe('50.00%');
  });

  it('rounds half up at the last digit', () => {
    expect(toPercent(0.00125)).toBe('0.13%');
    expect(toPercent(0.123456, 1)).toBe('12.3%');
  });

  it('shows -- for a missing ratio', () => {
    expect(toPercent(undefined)).toBe('--');
  });

  it('keeps a rate to the two percent decimals it is shown with', () => {
    expect(roundRate(0.062049)).toBe(0.062);
    expect(roundRate(0.00125)).toBe(0.0013);
    expect(toPercent(roundRate(0.062049))).toBe('6.20%');
  });

  it('gives the percent as a number for widgets', () => {
    expect(fractionToPercent(0.625)).toBe(62.5);
  });
});
