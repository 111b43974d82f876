import { describe, expect, it } from 'vitest';
import { generateKeywords, LONG_TREND_DAYS, LONG_TREND_MIN_INDEX, shiftDays } from './generator';

const asOf = '2026-11-20';
const rows = [...generateKeywords({ platform: 'DSO', country: '', count: 3_000, seed: 20261121, asOf })].flat();

describe('demo daily series', () => {
  it('gives a searched word up to a year of days, none before it was first collected, and the tail its month', () => {
    const head = rows.filter((row) => row.searchIndex >= LONG_TREND_MIN_INDEX);
    const tail = rows.filter((row) => row.searchIndex < LONG_TREND_MIN_INDEX);
    expect(head.length).toBeGreaterThan(50);
    for (const row of head) {
      expect(row.trend.length).toBeLessThanOrEqual(LONG_TREND_DAYS);
      expect(shiftDays(asOf, -(row.trend.length - 1)) >= row.firstSeen).toBe(true);
    }
    expect(head.filter((row) => row.trend.length === LONG_TREND_DAYS).length).toBeGreaterThan(head.length / 3);
    expect(tail.every((row) => row.trend.length === 30)).toBe(true);
  });

  it('ends each series near the word’s search index and never goes below zero', () => {
    for (const row of rows) {
      expect(Math.min(...row.trend)).toBeGreaterThanOrEqual(0);
      const last = row.trend.at(-1)!;
      expect(Math.abs(last - row.searchIndex)).toBeLessThanOrEqual(row.searchIndex * 0.2 + 1);
    }
  });

  it('draws a year that moves: not one flat level, with more than the weekly rhythm', () => {
    const year = rows.find((row) => row.trend.length === LONG_TREND_DAYS)!;
    const months = Array.from({ length: 12 }, (_, month) => {
      const part = year.trend.slice(month * 30, month * 30 + 30);
      return part.reduce((sum, value) => sum + value, 0) / part.length;
    });
    expect(Math.max(...months) / Math.min(...months)).toBeGreaterThan(1.1);
  });

  it('stores an overall index for every day, above the search index on the whole', () => {
    for (const row of rows) {
      expect(row.overall).toHaveLength(row.trend.length);
      expect(row.overall.every((value) => Number.isInteger(value) && value >= 0)).toBe(true);
    }
    const above = rows.filter((row) => row.overall.at(-1)! > row.trend.at(-1)!).length;
    expect(above / rows.length).toBeGreaterThan(0.9);
  });
});
