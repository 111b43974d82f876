/**
 * Figures the product derives from imported keyword data (000 §9 glossary: competition stars 1-2
 * smallest, 3 medium, 4 largest). Importers and the demo generator both go through these rules, so
 * competition and the blue-ocean flag are never typed in.
 *
 * A word is graded against its **industry's medians** in its own library (the whole library for a
 * word without an industry), not against absolute thresholds: 0.7 works per index point is many
 * among 美食 words and few among 美妆 ones, and a head word of one industry is a mid word of another.
 * The rule (docs/keywords.md, "Competition stars and 蓝海"):
 *  1. Points from the evidence, each a step function that never falls as its evidence grows:
 *     supply (works per index point against the industry median, floored at {@link competitionRule}
 *     .minMedianWorksPerIndex): 2 from crowdedRatio × the median, 1 from the median, else 0;
 *     commerce intent 1; growth at least the industry median + risingMargin 1; a head word (search
 *     index at least headWordRatio × the industry median and at least headWordMinIndex) 2, because a
 *     head word's results belong to head accounts whatever its supply.
 *  2. Stars = min(4, 1 + points).
 *  3. Reasons: each piece of evidence that scored, in the order above; a word of 1–2 stars whose supply
 *     is below its median leads with {@link competitionReasons.open}. So a 3–4 star word never says
 *     竞争较小, and 热门大词 (worth 2 points) only ever stands on a word of 3 stars or more.
 *  4. 蓝海: search index above the industry median and at least blueOceanMinIndex, supply below the
 *     median, and at most 2 stars.
 * The derive step grades every word of a library in SQL built from the same constants
 * (apps/server …/derive/keyword-grades.ts); a test holds the two forms equal.
 */

export interface KeywordFigures {
  searchIndex: number;
  relatedWorkCount: number;
  commerceIntent: boolean;
  /** Change of the search index over the last 7 days against the 7 before, as a fraction. */
  growthRate: number;
  /** Carried by callers' records; not part of the grade. */
  monthCoverCount?: number;
}

/** The medians of a word's industry in its library: what its figures are measured against. */
export interface IndustryYardstick {
  searchIndex: number;
  worksPerIndex: number;
  growthRate: number;
}

/**
 * The reasons a grade gives. Each names evidence measured against the word's industry: "多" and "少"
 * are against its median works per index point, "上升快" against its median growth.
 */
export const competitionReasons = {
  crowded: '相关作品多，创作者扎堆',
  someWorks: '已有一定数量的相关作品',
  commerce: '带货意图强，商家争抢',
  rising: '搜索热度上升快，跟进者多',
  headWord: '热门大词，头部账号集中',
  open: '相关作品少，竞争较小',
} as const;

/** The constants of the rule; the SQL form of the derive step is built from these. */
export const competitionRule = {
  /** Works per index point from this many times the industry median: crowded (2 points). */
  crowdedRatio: 2,
  /** The median works per index point is taken as at least this (an industry of words without works is not a yardstick). */
  minMedianWorksPerIndex: 0.01,
  /** Growth this far above the industry median (in fraction points) counts as rising. */
  risingMargin: 0.2,
  /** A head word's search index is at least this many times its industry median … */
  headWordRatio: 10,
  /** … and at least this (a tiny library's top word is no 热门大词). */
  headWordMinIndex: 10_000,
  /** Demand a blue-ocean word needs however small its industry. */
  blueOceanMinIndex: 1_000,
  /** Points a head word adds: enough that it is never graded 竞争小. */
  headWordPoints: 2,
  maxStars: 4,
  /** Stars up to which a word counts as 竞争小 and may be blue ocean. */
  lowStars: 2,
} as const;

/**
 * The yardstick of a library without medians yet (an import before its first derive): the derive
 * step regrades every word against the real medians.
 */
export const fallbackYardstick: IndustryYardstick = { searchIndex: 1_000, worksPerIndex: 1, growthRate: 0 };

export function worksPerIndex(figures: KeywordFigures): number {
  return figures.relatedWorkCount / Math.max(1, figures.searchIndex);
}

export type SupplyLevel = 'crowded' | 'above' | 'below';

/**
 * The precision figures are compared at: the medians are stored as float4 (`real`), as is growth, so
 * a word exactly at its median compares equal to it rather than above or below by a rounding.
 */
const stored = Math.fround;

/** Supply (works per index point) against the industry median. */
export function supplyLevel(density: number, medianWorksPerIndex: number): SupplyLevel {
  const median = Math.max(stored(medianWorksPerIndex), stored(competitionRule.minMedianWorksPerIndex));
  const supply = stored(density);
  if (supply >= competitionRule.crowdedRatio * median) return 'crowded';
  if (supply >= median) return 'above';
  return 'below';
}

export function isRising(growthRate: number, yardstick: IndustryYardstick): boolean {
  return stored(growthRate) >= stored(yardstick.growthRate) + competitionRule.risingMargin;
}

export function isHeadWord(searchIndex: number, yardstick: IndustryYardstick): boolean {
  return (
    searchIndex >=
    Math.max(competitionRule.headWordMinIndex, competitionRule.headWordRatio * stored(yardstick.searchIndex))
  );
}

/** Competition stars (1–4) and the reasons behind the grade, against the word's industry medians. */
export function competitionFor(
  figures: KeywordFigures,
  yardstick: IndustryYardstick,
): { stars: number; reasons: string[] } {
  const supply = supplyLevel(worksPerIndex(figures), yardstick.worksPerIndex);
  const rising = isRising(figures.growthRate, yardstick);
  const head = isHeadWord(figures.searchIndex, yardstick);
  const points =
    (supply === 'crowded' ? 2 : supply === 'above' ? 1 : 0) +
    (figures.commerceIntent ? 1 : 0) +
    (rising ? 1 : 0) +
    (head ? competitionRule.headWordPoints : 0);
  const stars = Math.min(competitionRule.maxStars, 1 + points);
  const reasons: string[] = [];
  if (supply === 'below' && stars <= competitionRule.lowStars) reasons.push(competitionReasons.open);
  if (supply === 'crowded') reasons.push(competitionReasons.crowded);
  if (supply === 'above') reasons.push(competitionReasons.someWorks);
  if (figures.commerceIntent) reasons.push(competitionReasons.commerce);
  if (rising) reasons.push(competitionReasons.rising);
  if (head) reasons.push(competitionReasons.headWord);
  return { stars, reasons };
}

/** Demand above the industry median, supply below it, competition at most 2 stars. */
export function isBlueOcean(figures: KeywordFigures, yardstick: IndustryYardstick, stars?: number): boolean {
  return (
    figures.searchIndex > stored(yardstick.searchIndex) &&
    figures.searchIndex >= competitionRule.blueOceanMinIndex &&
    supplyLevel(worksPerIndex(figures), yardstick.worksPerIndex) === 'below' &&
    (stars ?? competitionFor(figures, yardstick).stars) <= competitionRule.lowStars
  );
}

/** The whole grade of a word: stars, reasons and the blue-ocean flag. */
export function gradeKeyword(
  figures: KeywordFigures,
  yardstick: IndustryYardstick,
): { stars: number; reasons: string[]; blueOcean: boolean } {
  const { stars, reasons } = competitionFor(figures, yardstick);
  return { stars, reasons, blueOcean: isBlueOcean(figures, yardstick, stars) };
}

/** Growth of the last 7 days against the 7 before, from a daily series (0 when too short). */
export function growthFromTrend(values: number[]): number {
  if (values.length < 14) return 0;
  const sum = (part: number[]) => part.reduce((total, value) => total + value, 0);
  const recent = sum(values.slice(-7));
  const before = sum(values.slice(-14, -7));
  if (before <= 0) return recent > 0 ? 1 : 0;
  return Math.round(((recent - before) / before) * 1000) / 1000;
}
