import { describe, expect, it } from 'vitest';
import { competitionFor, competitionReasons, growthFromTrend, isBlueOcean } from './keyword-rules';

const base = {
  searchIndex: 2000,
  monthCoverCount: 60_000,
  relatedWorkCount: 100,
  commerceIntent: false,
  growthRate: 0,
};

describe('keyword competition', () => {
  it('gives one star and an open reason when few works chase a word', () => {
    expect(competitionFor(base)).toEqual({ stars: 1, reasons: [competitionReasons.open] });
  });

  it('adds a star at one work per index point and two at five', () => {
    expect(competitionFor({ ...base, relatedWorkCount: 1999 }).stars).toBe(1);
    expect(competitionFor({ ...base, relatedWorkCount: 2000 }).stars).toBe(2);
    expect(competitionFor({ ...base, relatedWorkCount: 9999 }).stars).toBe(2);
    expect(competitionFor({ ...base, relatedWorkCount: 10_000 })).toEqual({
      stars: 3,
      reasons: [competitionReasons.crowded],
    });
  });

  it('counts commerce intent, fast growth and head words, capped at four stars', () => {
    const all = competitionFor({
      ...base,
      searchIndex: 50_000,
      relatedWorkCount: 300_000,
      commerceIntent: true,
      growthRate: 0.3,
    });
    expect(all.stars).toBe(4);
    expect(all.reasons).toEqual([
      competitionReasons.crowded,
      competitionReasons.commerce,
      competitionReasons.rising,
      competitionReasons.headWord,
    ]);
    expect(competitionFor({ ...base, growthRate: 0.29 }).stars).toBe(1);
  });
});

describe('blue-ocean words', () => {
  it('needs demand of 1000 and few works', () => {
    expect(isBlueOcean(base)).toBe(true);
    expect(isBlueOcean({ ...base, searchIndex: 999, relatedWorkCount: 10 })).toBe(false);
    expect(isBlueOcean({ ...base, relatedWorkCount: 2000 })).toBe(false);
  });

  it('is not blue ocean above two stars', () => {
    expect(isBlueOcean({ ...base, commerceIntent: true, growthRate: 0.5 })).toBe(false);
  });
});

describe('growth from a trend', () => {
  it('compares the last 7 days with the 7 before', () => {
    expect(growthFromTrend([...Array(7).fill(100), ...Array(7).fill(150)])).toBe(0.5);
    expect(growthFromTrend([...Array(7).fill(200), ...Array(7).fill(100)])).toBe(-0.5);
  });

  it('is 0 for a short series and 1 from nothing to something', () => {
    expect(growthFromTrend([1, 2, 3])).toBe(0);
    expect(growthFromTrend([...Array(7).fill(0), ...Array(7).fill(5)])).toBe(1);
  });
});
