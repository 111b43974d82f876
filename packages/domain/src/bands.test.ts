import { describe, expect, it } from 'vitest';
import {
  bandNumber,
  bandPricePerVisitor,
  bandRate,
  bandSignedRate,
  creatorSizeClass,
  describeSignedRate,
  presentSignedRate,
  rateFigureValue,
  salesClass,
  shouldShowOriginal,
} from './bands';

/*
 * Each rule is a table of cases run through the function's one assertion, so a case is a row and the
 * title names the rule and the row.
 */

describe('shouldShowOriginal', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [true, undefined, false],
  ])(
    'shows exact values only to a logged-in user with show_original_data (logged in %s, flag %s: %s)',
    (loggedIn, showOriginalData, shown) => {
      expect(shouldShowOriginal({ loggedIn, showOriginalData })).toBe(shown);
    },
  );
});

describe('bandNumber', () => {
  const expectBand = (value: number | null, band: string) => expect(bandNumber(value)).toBe(band);

  it.each([
    [10_000, '10000'],
    [10_001, '1.0w'],
  ])('shows 10,000 as is and 10,001 in w: %s → %s', expectBand);
  it.each([
    [19_999, '1.9w'],
    [99_999_999, '9999.9w'],
  ])('truncates rather than rounds: %s → %s', expectBand);
  it.each([
    [100_000_000, '1.0亿'],
    [123_456_789, '1.2亿'],
  ])('shows 亿 from 10^8: %s → %s', expectBand);
  it.each([
    [1e12, '10000.0亿'],
    [1e12 + 1, '0'],
  ])('shows 0 beyond 10^12: %s → %s', expectBand);
  it.each([[null, '--']])('shows -- for a missing value: %s → %s', expectBand);
});

describe('bandRate', () => {
  const expectBand = (rate: number, band: string) => expect(bandRate(rate)).toBe(band);

  it.each([
    [0, '0%-5%'],
    [0.049, '0%-5%'],
    [0.05, '5%-10%'],
    [0.123, '10%-15%'],
    [0.15, '15%-20%'],
  ])('bands a rate in 5-percent steps with the lower edge included: %s → %s', expectBand);
  it.each([
    [0.2999, '25%-30%'],
    [0.3, '30%+'],
    [0.87, '30%+'],
  ])('keeps 29.99 percent in the last band and shows 30 percent and above as 30%+: %s → %s', expectBand);
  it.each([[-0.02, '0%-5%']])('puts a negative rate in the lowest band: %s → %s', expectBand);
});

describe('bandSignedRate', () => {
  const expectBand = (rate: number | null, band: string) => expect(bandSignedRate(rate)).toBe(band);

  it.each([
    [0.062, '5%-10%'],
    [-0.062, '-5%-10%'],
    [-0.3, '-30%+'],
    [0.45, '30%+'],
    [0, '0%-5%'],
  ])('bands the size of a change and keeps only its direction: %s → %s', expectBand);
  it.each([
    [null, '--'],
    [Number.NaN, '--'],
  ])('shows -- for a missing rate: %s → %s', expectBand);
});

describe('presentSignedRate', () => {
  it.each([
    [0.062049, 0.062],
    [-0.123456, -0.1235],
  ])('gives a privileged viewer the rate at its 2 shown percent decimals: %s → %s', (rate, shown) => {
    expect(presentSignedRate(rate, true)).toBe(shown);
  });

  it.each([
    [0.062049, '5%-10%'],
    [-0.123456, '-10%-15%'],
  ])('gives everyone else only the band: %s → %s', (rate, band) => {
    expect(presentSignedRate(rate, false)).toBe(band);
  });
});

describe('describeSignedRate', () => {
  const expectDescription = (rate: number | string | null, text: string, direction: string) =>
    expect(describeSignedRate(rate)).toEqual({ text, direction });

  it.each([
    [0.22, '22.00%', 'up'],
    [-0.062, '6.20%', 'down'],
    [0.00004, '0.00%', 'flat'],
  ])('reads an exact rate as its magnitude with 2 decimals and its direction: %s → %s %s', expectDescription);
  it.each([
    ['5%-10%', '5%-10%', 'up'],
    ['-30%+', '30%+', 'down'],
  ])('reads a band as sent, taking the direction from its sign: %s → %s %s', expectDescription);
  it.each([
    [null, '--', 'flat'],
    ['--', '--', 'flat'],
  ])('reads a missing rate as --: %s → %s %s', expectDescription);
});

describe('rateFigureValue', () => {
  it.each([
    [0.123, 0.123],
    ['5%-10%', 0.05],
    ['-5%-10%', -0.05],
    ['30%+', 0.3],
    ['--', null],
  ])('orders bands by their edge nearest zero and exact rates as they are: %s → %s', (figure, value) => {
    expect(rateFigureValue(figure)).toBe(value);
  });
});

describe('bandPricePerVisitor', () => {
  const expectBand = (price: number | undefined, band: string) => expect(bandPricePerVisitor(price)).toBe(band);

  it.each([
    [0, '0-10'],
    [9.99, '0-10'],
    [10, '10-50'],
    [150, '100-200'],
  ])('bands prices with the lower edge included: %s → %s', expectBand);
  it.each([
    [99_999, '50000-100000'],
    [100_000, '100000+'],
  ])('shows 100000+ from 100,000: %s → %s', expectBand);
  it.each([
    [undefined, '--'],
    [-1, '--'],
  ])('shows -- for a missing or negative price: %s → %s', expectBand);
});

describe('creatorSizeClass', () => {
  it('puts under 10k followers in the tail', () => {
    expect(creatorSizeClass(9999)).toEqual({ code: 'tail', label: '尾部' });
    expect(creatorSizeClass(10_000).code).toBe('small');
  });

  it('includes each upper edge from 100k in the smaller class', () => {
    expect(creatorSizeClass(100_000).code).toBe('small');
    expect(creatorSizeClass(100_001)).toEqual({ code: 'mid', label: '腰部' });
    expect(creatorSizeClass(1_000_000).code).toBe('mid');
    expect(creatorSizeClass(1_000_001)).toEqual({ code: 'shoulder', label: '肩部' });
    expect(creatorSizeClass(5_000_000).code).toBe('shoulder');
    expect(creatorSizeClass(5_000_001)).toEqual({ code: 'head', label: '头部' });
  });
});

describe('salesClass', () => {
  it.each([
    [2_999_999, 'tail'],
    [3_000_000, 'small'],
    [9_999_999, 'small'],
    [10_000_000, 'mid'],
    [99_999_999, 'mid'],
    [100_000_000, 'shoulder'],
    [999_999_999, 'shoulder'],
    [1_000_000_000, 'head'],
  ])('divides cents by 100 and excludes every upper edge: %s → %s', (fen, code) => {
    expect(salesClass(fen).code).toBe(code);
  });

  it('labels the small class 小', () => {
    expect(salesClass(3_000_000)).toEqual({ code: 'small', label: '小' });
  });
});
