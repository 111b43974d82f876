/**
 * Figures the product derives from imported keyword data (000 §9 glossary: competition stars 1-2
 * smallest, 3 medium, 4 largest). Importers and the demo generator both go through these rules, so
 * competition and the blue-ocean flag are never typed in.
 */

export interface KeywordFigures {
  searchIndex: number;
  monthCoverCount: number;
  relatedWorkCount: number;
  commerceIntent: boolean;
  /** Change of the search index over the last 7 days against the 7 before, as a fraction. */
  growthRate: number;
}

export const competitionReasons = {
  crowded: '相关作品多，创作者扎堆',
  someWorks: '已有一定数量的相关作品',
  commerce: '带货意图强，商家争抢',
  rising: '搜索热度上升快，跟进者多',
  headWord: '热门大词，头部账号集中',
  open: '相关作品少，竞争较小',
} as const;

/** Works per point of search index above which a keyword counts as crowded. */
const CROWDED_WORKS_PER_INDEX = 5;
const SOME_WORKS_PER_INDEX = 1;
const RISING_GROWTH = 0.3;
const HEAD_WORD_INDEX = 50_000;
/** Demand a blue-ocean word needs before low competition makes it interesting. */
const BLUE_OCEAN_MIN_INDEX = 1_000;

export function worksPerIndex(figures: KeywordFigures): number {
  return figures.relatedWorkCount / Math.max(1, figures.searchIndex);
}

/** Competition stars (1–4) and the reasons behind the grade. */
export function competitionFor(figures: KeywordFigures): { stars: number; reasons: string[] } {
  const reasons: string[] = [];
  let score = 0;
  const density = worksPerIndex(figures);
  if (density >= CROWDED_WORKS_PER_INDEX) {
    score += 2;
    reasons.push(competitionReasons.crowded);
  } else if (density >= SOME_WORKS_PER_INDEX) {
    score += 1;
    reasons.push(competitionReasons.someWorks);
  }
  if (figures.commerceIntent) {
    score += 1;
    reasons.push(competitionReasons.commerce);
  }
  if (figures.growthRate >= RISING_GROWTH) {
    score += 1;
    reasons.push(competitionReasons.rising);
  }
  if (figures.searchIndex >= HEAD_WORD_INDEX) {
    score += 1;
    reasons.push(competitionReasons.headWord);
  }
  if (reasons.length === 0) reasons.push(competitionReasons.open);
  return { stars: Math.min(4, 1 + score), reasons };
}

/** High demand, few works chasing it, competition at most 2 stars. */
export function isBlueOcean(figures: KeywordFigures): boolean {
  return (
    figures.searchIndex >= BLUE_OCEAN_MIN_INDEX &&
    worksPerIndex(figures) < SOME_WORKS_PER_INDEX &&
    competitionFor(figures).stars <= 2
  );
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
