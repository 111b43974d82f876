import { bandNumber } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { formatElapsed, formatPrice, formatSales, minuteClock } from './figures';

describe('live figures', () => {
  it('shows fen as yuan, exact below 10,000 yuan and in w above', () => {
    expect(formatSales(25_850)).toBe('¥258.5');
    expect(formatSales(999_999)).toBe('¥9999.99');
    expect(formatSales(12_345_600)).toBe('¥12.3w');
    expect(formatSales(0)).toBe('¥0');
  });

  it('reads a band of fen by its lower edge and marks it 约', () => {
    expect(formatSales(bandNumber(12_345_600))).toBe('约¥12.3w');
    expect(formatSales(bandNumber(5_000))).toBe('约¥50');
    expect(formatSales('--')).toBe('--');
    expect(formatSales(null)).toBe('--');
  });

  it('shows prices in yuan', () => {
    expect(formatPrice(12_900)).toBe('¥129');
    expect(formatPrice(5_990)).toBe('¥59.9');
  });

  it('counts a session’s time to its end, or to now while live', () => {
    expect(formatElapsed(1_000, 1_000 + 3_725, 0)).toBe('1:02:05');
    expect(formatElapsed(1_000, null, (1_000 + 59) * 1000)).toBe('0:00:59');
    expect(formatElapsed(1_000, null, 0)).toBe('0:00:00');
  });

  it('names a minute by its clock time in Shanghai', () => {
    expect(minuteClock(1_763_870_400, 0)).toBe('12:00');
    expect(minuteClock(1_763_870_400, 75)).toBe('13:15');
  });
});
