import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  competitionFor,
  competitionReasons,
  competitionRule,
  fallbackYardstick,
  gradeKeyword,
  growthFromTrend,
  type IndustryYardstick,
  isBlueOcean,
  type KeywordFigures,
  supplyLevel,
  worksPerIndex,
} from './keyword-rules';

/** An industry whose median word has 20,000 index, 0.6 works per index point and 4 % growth. */
const food: IndustryYardstick = { searchIndex: 20_000, worksPerIndex: 0.6, growthRate: 0.04 };

/** A word of that industry above its median demand with few works: graded 1 star, blue ocean. */
const base: KeywordFigures = { searchIndex: 30_000, relatedWorkCount: 6_000, commerceIntent: false, growthRate: 0.04 };

/** What each reason adds to the grade: the stars are 1 + these, at most 4. */
const pointsOf: Record<string, number> = {
  [competitionReasons.crowded]: 2,
  [competitionReasons.someWorks]: 1,
  [competitionReasons.commerce]: 1,
  [competitionReasons.rising]: 1,
  [competitionReasons.headWord]: competitionRule.headWordPoints,
  [competitionReasons.open]: 0,
};

describe('keyword competition against the industry medians', () => {
  it('gives a word with fewer works per index point than its industry 1 star, because 相关作品少', () => {
    expect(competitionFor(base, food)).toEqual({ stars: 1, reasons: [competitionReasons.open] });
  });

  it('counts works per index point from the median (1 point) and from twice the median (2 points)', () => {
    // 0.6 × 30,000 = 18,000 works is the median; 36,000 twice it.
    expect(competitionFor({ ...base, relatedWorkCount: 17_999 }, food).stars).toBe(1);
    expect(competitionFor({ ...base, relatedWorkCount: 18_000 }, food)).toEqual({
      stars: 2,
      reasons: [competitionReasons.someWorks],
    });
    expect(competitionFor({ ...base, relatedWorkCount: 35_999 }, food).stars).toBe(2);
    expect(competitionFor({ ...base, relatedWorkCount: 36_000 }, food)).toEqual({
      stars: 3,
      reasons: [competitionReasons.crowded],
    });
  });

  it('measures the same works against the industry: crowded among sparse words, sparse among crowded ones', () => {
    const word = { ...base, relatedWorkCount: 30_000 };
    expect(competitionFor(word, { ...food, worksPerIndex: 0.4 }).stars).toBe(3);
    expect(competitionFor(word, { ...food, worksPerIndex: 2 }).stars).toBe(1);
  });

  it('counts growth as rising from the industry median plus the margin', () => {
    // 4 % + 20 points: 24 %.
    expect(competitionFor({ ...base, growthRate: 0.239 }, food).stars).toBe(1);
    expect(competitionFor({ ...base, growthRate: 0.241 }, food)).toEqual({
      stars: 2,
      reasons: [competitionReasons.open, competitionReasons.rising],
    });
    // The same growth in an industry that grows faster is not rising.
    expect(competitionFor({ ...base, growthRate: 0.241 }, { ...food, growthRate: 0.1 }).stars).toBe(1);
  });

  it('compares a word exactly at its median as at it, not below it by the stored precision', () => {
    // 0.2 stored as float4 is 0.2000000030: a word of 0.2 works per index point still has the median supply.
    expect(supplyLevel(0.2, Math.fround(0.2))).toBe('above');
    expect(supplyLevel(0.2, 0.2)).toBe('above');
  });

  it('grades a head word of its industry at least 3 stars, whatever its supply', () => {
    const head = { ...base, searchIndex: food.searchIndex * competitionRule.headWordRatio, relatedWorkCount: 1 };
    expect(competitionFor(head, food)).toEqual({ stars: 3, reasons: [competitionReasons.headWord] });
    expect(competitionFor({ ...head, searchIndex: head.searchIndex - 1 }, food).stars).toBe(1);
    // A tiny library's top word is no 热门大词.
    const tiny = { searchIndex: 50, worksPerIndex: 0.6, growthRate: 0 };
    expect(competitionFor({ ...base, searchIndex: 9_999, relatedWorkCount: 1 }, tiny).stars).toBe(1);
    expect(competitionFor({ ...base, searchIndex: 10_000, relatedWorkCount: 1 }, tiny).stars).toBe(3);
  });

  it('grades 美食 (647.8w index, 479.1w works, a head word above its median supply) 4 stars, never blue ocean', () => {
    const meishi = { searchIndex: 6_478_397, relatedWorkCount: 4_791_402, commerceIntent: false, growthRate: 0.066 };
    const median = { searchIndex: 103_379, worksPerIndex: 0.614, growthRate: 0.051 };
    expect(gradeKeyword(meishi, median)).toEqual({
      stars: 4,
      reasons: [competitionReasons.someWorks, competitionReasons.headWord],
      blueOcean: false,
    });
    // 探店: a head word with sparse supply is still 3 stars 竞争中等, not 蓝海.
    const tandian = { searchIndex: 9_192_301, relatedWorkCount: 3_415_318, commerceIntent: false, growthRate: 0.104 };
    expect(gradeKeyword(tandian, median)).toEqual({
      stars: 3,
      reasons: [competitionReasons.headWord],
      blueOcean: false,
    });
  });

  it('caps the stars at 4 and lists every piece of evidence', () => {
    const all = competitionFor(
      { searchIndex: 500_000, relatedWorkCount: 5_000_000, commerceIntent: true, growthRate: 0.5 },
      food,
    );
    expect(all.stars).toBe(4);
    expect(all.reasons).toEqual([
      competitionReasons.crowded,
      competitionReasons.commerce,
      competitionReasons.rising,
      competitionReasons.headWord,
    ]);
  });

  it('takes a median of no works as a small floor, so words without works are not all crowded', () => {
    expect(supplyLevel(0, 0)).toBe('below');
    expect(supplyLevel(competitionRule.minMedianWorksPerIndex, 0)).toBe('above');
  });
});

describe('blue ocean', () => {
  it('needs demand above the industry median, works per index point below it and at most 2 stars', () => {
    expect(isBlueOcean(base, food)).toBe(true);
    expect(isBlueOcean({ ...base, searchIndex: food.searchIndex, relatedWorkCount: 100 }, food)).toBe(false);
    expect(isBlueOcean({ ...base, relatedWorkCount: 18_000 }, food)).toBe(false);
    // One more piece of evidence keeps it 竞争小; two make it 3 stars.
    expect(isBlueOcean({ ...base, commerceIntent: true }, food)).toBe(true);
    expect(isBlueOcean({ ...base, commerceIntent: true, growthRate: 0.5 }, food)).toBe(false);
  });

  it('needs 1,000 search index however small the industry', () => {
    const tiny = { searchIndex: 300, worksPerIndex: 1, growthRate: 0 };
    expect(isBlueOcean({ ...base, searchIndex: 999, relatedWorkCount: 10 }, tiny)).toBe(false);
    expect(isBlueOcean({ ...base, searchIndex: 1_000, relatedWorkCount: 10 }, tiny)).toBe(true);
  });

  it('grades an import before the first derive against the fallback yardstick', () => {
    expect(gradeKeyword({ ...base, searchIndex: 2_000, relatedWorkCount: 100 }, fallbackYardstick).blueOcean).toBe(
      true,
    );
  });
});

const yardsticks = fc.record({
  searchIndex: fc.double({ min: 1, max: 5e6, noNaN: true }),
  worksPerIndex: fc.double({ min: 0, max: 20, noNaN: true }),
  growthRate: fc.double({ min: -0.5, max: 1, noNaN: true }),
});
const figures = fc.record({
  searchIndex: fc.integer({ min: 0, max: 20_000_000 }),
  relatedWorkCount: fc.integer({ min: 0, max: 100_000_000 }),
  commerceIntent: fc.boolean(),
  growthRate: fc.double({ min: -1, max: 3, noNaN: true }),
});
const scale = fc.double({ min: 1, max: 50, noNaN: true });

// Thousands of generated cases: seconds on a loaded machine, beyond the default 5 s.
describe('the rule as properties', { timeout: 60_000 }, () => {
  it('never lowers the stars when supply, commerce, growth or demand grows', () => {
    fc.assert(
      fc.property(figures, yardsticks, scale, fc.double({ min: 0, max: 2, noNaN: true }), (word, median, k, more) => {
        const stars = competitionFor(word, median).stars;
        // More works for the same demand.
        const crowded = { ...word, relatedWorkCount: Math.ceil(word.relatedWorkCount * k) };
        expect(competitionFor(crowded, median).stars).toBeGreaterThanOrEqual(stars);
        // Commerce intent.
        expect(competitionFor({ ...word, commerceIntent: true }, median).stars).toBeGreaterThanOrEqual(stars);
        // Faster growth.
        expect(competitionFor({ ...word, growthRate: word.growthRate + more }, median).stars).toBeGreaterThanOrEqual(
          stars,
        );
        // More demand with at least as many works per index point.
        const searchIndex = Math.round(Math.max(1, word.searchIndex) * k);
        const bigger = { ...word, searchIndex, relatedWorkCount: Math.ceil(worksPerIndex(word) * searchIndex) };
        expect(worksPerIndex(bigger)).toBeGreaterThanOrEqual(worksPerIndex(word));
        expect(competitionFor(bigger, median).stars).toBeGreaterThanOrEqual(stars);
      }),
      { numRuns: 2_000 },
    );
  });

  it('states reasons that add up to the stars and never contradict them', () => {
    fc.assert(
      fc.property(figures, yardsticks, (word, median) => {
        const { stars, reasons, blueOcean } = gradeKeyword(word, median);
        expect(reasons.length).toBeGreaterThan(0);
        expect(stars).toBe(Math.min(4, 1 + reasons.reduce((sum, reason) => sum + pointsOf[reason]!, 0)));
        if (stars >= 3) expect(reasons).not.toContain(competitionReasons.open);
        if (stars <= 2) expect(reasons).not.toContain(competitionReasons.headWord);
        if (stars === 1) expect(reasons).toEqual([competitionReasons.open]);
        if (blueOcean) {
          expect(stars).toBeLessThanOrEqual(2);
          expect(word.searchIndex).toBeGreaterThan(median.searchIndex);
          expect(worksPerIndex(word)).toBeLessThan(
            Math.max(median.worksPerIndex, competitionRule.minMedianWorksPerIndex),
          );
        }
      }),
      { numRuns: 3_000 },
    );
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
