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
  const expectText = (count: number, text: string) => expect(formatCountPlus(count)).toBe(text);

  it.each([
    [100, '100'],
    [101, '100+'],
    [123, '100+'],
    [999, '900+'],
  ])('shows counts up to 100 exactly and floors above 100 with +: %s → %s', expectText);
  it.each([
    [1234, '1000+'],
    [9999, '9000+'],
  ])('floors thousands to the leading digit: %s → %s', expectText);
  it.each([
    [10_000, '1w+'],
    [12_345, '1w+'],
    [99_999_999, '9999w+'],
  ])('switches to w+ at 10,000: %s → %s', expectText);
  it.each([
    [100_000_000, '1亿+'],
    [123_456_789, '1亿+'],
  ])('switches to 亿+ at 10^8: %s → %s', expectText);
});

describe('abbreviateNumber', () => {
  /** A row: the arguments, then the text they give. */
  type Row = [Parameters<typeof abbreviateNumber>, string];
  const expectText = (...[args, text]: Row) => expect(abbreviateNumber(...args)).toBe(text);

  it.each<Row>([
    [[9999], '9999'],
    [[10_000], '1.0w'],
  ])('keeps 9,999 as an integer and shows w from 10,000: %o → %s', expectText);
  it.each<Row>([
    [[12_345], '1.2w'],
    [[12_345, 2], '1.23w'],
    [[15_000, 0], '2w'],
  ])('rounds to the given decimals: %o → %s', expectText);
  it.each<Row>([
    [[99_999_999, 2], '1.00亿'],
    [[100_000_000], '1.0亿'],
    [[250_000_000], '2.5亿'],
  ])('shows 亿 from 100,000,000: %o → %s', expectText);
  it.each<Row>([
    [[12.6], '13'],
    [['456'], '456'],
  ])('rounds small values to an integer: %o → %s', expectText);
  it.each<Row>([
    [[''], '--'],
    [[undefined], '--'],
    [[null], '--'],
    [[0], '--'],
    [['-'], '--'],
    [['0'], '--'],
  ])('shows -- for empty, zero and dash values: %o → %s', expectText);
  it.each<Row>([
    [[null, 1, { zero: true }], '0'],
    [[0, 1, { zero: true }], '0'],
  ])('shows 0 for empty values with the zero flag: %o → %s', expectText);
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
