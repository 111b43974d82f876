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

describe('shouldShowOriginal', () => {
  it('shows exact values only to a logged-in user with show_original_data', () => {
    expect(shouldShowOriginal({ loggedIn: true, showOriginalData: true })).toBe(true);
    expect(shouldShowOriginal({ loggedIn: true, showOriginalData: false })).toBe(false);
    expect(shouldShowOriginal({ loggedIn: false, showOriginalData: true })).toBe(false);
    expect(shouldShowOriginal({ loggedIn: true, showOriginalData: undefined })).toBe(false);
  });
});

describe('bandNumber', () => {
  it('shows 10,000 as is and 10,001 in w', () => {
    expect(bandNumber(10_000)).toBe('10000');
    expect(bandNumber(10_001)).toBe('1.0w');
  });

  it('truncates rather than rounds', () => {
    expect(bandNumber(19_999)).toBe('1.9w');
    expect(bandNumber(99_999_999)).toBe('9999.9w');
  });

  it('shows 亿 from 10^8', () => {
    expect(bandNumber(100_000_000)).toBe('1.0亿');
    expect(bandNumber(123_456_789)).toBe('1.2亿');
  });

  it('shows 0 beyond 10^12', () => {
    expect(bandNumber(1e12)).toBe('10000.0亿');
    expect(bandNumber(1e12 + 1)).toBe('0');
  });

  it('shows -- for a missing value', () => {
    expect(bandNumber(null)).toBe('--');
  });
});

describe('bandRate', () => {
  it('bands a rate in 5 % steps with the lower edge included', () => {
    expect(bandRate(0)).toBe('0%-5%');
    expect(bandRate(0.049)).toBe('0%-5%');
    expect(bandRate(0.05)).toBe('5%-10%');
    expect(bandRate(0.123)).toBe('10%-15%');
    expect(bandRate(0.15)).toBe('15%-20%');
  });

  it('keeps 29.99 % in the last band and shows 30 % and above as 30%+', () => {
    expect(bandRate(0.2999)).toBe('25%-30%');
    expect(bandRate(0.3)).toBe('30%+');
    expect(bandRate(0.87)).toBe('30%+');
  });

  it('puts a negative rate in the lowest band', () => {
    expect(bandRate(-0.02)).toBe('0%-5%');
  });
});

describe('bandSignedRate', () => {
  it('bands the size of a change and keeps only its direction', () => {
    expect(bandSignedRate(0.062)).toBe('5%-10%');
    expect(bandSignedRate(-0.062)).toBe('-5%-10%');
    expect(bandSignedRate(-0.3)).toBe('-30%+');
    expect(bandSignedRate(0.45)).toBe('30%+');
    expect(bandSignedRate(0)).toBe('0%-5%');
  });

  it('shows -- for a missing rate', () => {
    expect(bandSignedRate(null)).toBe('--');
    expect(bandSignedRate(Number.NaN)).toBe('--');
  });
});

describe('presentSignedRate', () => {
  it('gives a privileged viewer the rate at its 2 shown percent decimals', () => {
    expect(presentSignedRate(0.062049, true)).toBe(0.062);
    expect(presentSignedRate(-0.123456, true)).toBe(-0.1235);
  });

  it('gives everyone else only the band', () => {
    expect(presentSignedRate(0.062049, false)).toBe('5%-10%');
    expect(presentSignedRate(-0.123456, false)).toBe('-10%-15%');
  });
});

describe('describeSignedRate', () => {
  it('reads an exact rate as its magnitude with 2 decimals and its direction', () => {
    expect(describeSignedRate(0.22)).toEqual({ text: '22.00%', direction: 'up' });
    expect(describeSignedRate(-0.062)).toEqual({ text: '6.20%', direction: 'down' });
    expect(describeSignedRate(0.00004)).toEqual({ text: '0.00%', direction: 'flat' });
  });

  it('reads a band as sent, taking the direction from its sign', () => {
    expect(describeSignedRate('5%-10%')).toEqual({ text: '5%-10%', direction: 'up' });
    expect(describeSignedRate('-30%+')).toEqual({ text: '30%+', direction: 'down' });
  });

  it('reads a missing rate as --', () => {
    expect(describeSignedRate(null)).toEqual({ text: '--', direction: 'flat' });
    expect(describeSignedRate('--')).toEqual({ text: '--', direction: 'flat' });
  });
});

describe('rateFigureValue', () => {
  it('orders bands by their edge nearest zero and exact rates as they are', () => {
    expect(rateFigureValue(0.123)).toBe(0.123);
    expect(rateFigureValue('5%-10%')).toBe(0.05);
    expect(rateFigureValue('-5%-10%')).toBe(-0.05);
    expect(rateFigureValue('30%+')).toBe(0.3);
    expect(rateFigureValue('--')).toBeNull();
  });
});

describe('bandPricePerVisitor', () => {
  it('bands prices with the lower edge included', () => {
    expect(bandPricePerVisitor(0)).toBe('0-10');
    expect(bandPricePerVisitor(9.99)).toBe('0-10');
    expect(bandPricePerVisitor(10)).toBe('10-50');
    expect(bandPricePerVisitor(150)).toBe('100-200');
  });

  it('shows 100000+ from 100,000', () => {
    expect(bandPricePerVisitor(99_999)).toBe('50000-100000');
    expect(bandPricePerVisitor(100_000)).toBe('100000+');
  });

  it('shows -- for a missing or negative price', () => {
    expect(bandPricePerVisitor(undefined)).toBe('--');
    expect(bandPricePerVisitor(-1)).toBe('--');
  });
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
  it('divides cents by 100 and excludes every upper edge', () => {
    expect(salesClass(2_999_999).code).toBe('tail');
    expect(salesClass(3_000_000)).toEqual({ code: 'small', label: '小' });
    expect(salesClass(9_999_999).code).toBe('small');
    expect(salesClass(10_000_000).code).toBe('mid');
    expect(salesClass(99_999_999).code).toBe('mid');
    expect(salesClass(100_000_000).code).toBe('shoulder');
    expect(salesClass(999_999_999).code).toBe('shoulder');
    expect(salesClass(1_000_000_000).code).toBe('head');
  });
});
