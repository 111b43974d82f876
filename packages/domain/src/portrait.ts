/**
 * The order of an audience portrait's ordered dimensions (002 §2 audience, 000 §2.7). Age buckets and
 * city levels are scales: a chart or list of them reads along the scale, youngest or largest city
 * first, whatever each bucket's share. Other dimensions (regions, devices, interests) are ranked by share.
 */

/** Anything named like a portrait share. */
interface Named {
  name: string;
}

/** Where a bucket sits on the age scale: its first number, just below it for '<18' / '18岁以下'. */
function ageRank(name: string): number {
  const first = /\d+/.exec(name);
  if (!first) return Number.POSITIVE_INFINITY;
  const bound = Number(first[0]);
  return /^\s*[<＜≤]|以下|以内|及以下|未满/.test(name) ? bound - 0.5 : bound;
}

/** The city levels from the largest cities down (the trade's 一线 … 五线 scale). */
const cityLevels = ['一线', '新一线', '二线', '三线', '四线', '五线'];

function cityLevelRank(name: string): number {
  const compact = name.replace(/城市|及以下|以下|\s/g, '');
  const rank = cityLevels.indexOf(compact);
  return rank < 0 ? Number.POSITIVE_INFINITY : rank;
}

/** A stable sort by rank; names off the scale keep their given order after the others. */
function byRank<T extends Named>(shares: readonly T[], rank: (name: string) => number): T[] {
  return shares
    .map((share, index) => ({ share, index, rank: rank(share.name) }))
    .sort((a, b) => (a.rank === b.rank ? a.index - b.index : a.rank - b.rank))
    .map((entry) => entry.share);
}

/**
 * Age buckets youngest first ('<18', '18-23', '24-30', '31-40', '41-50', '50+'), read from the first
 * number of each name; a bucket with no number ('未知') goes last.
 */
export function inAgeOrder<T extends Named>(shares: readonly T[]): T[] {
  return byRank(shares, ageRank);
}

/** City levels from 一线 to 五线 ('五线及以下' too); any other name goes last. */
export function inCityLevelOrder<T extends Named>(shares: readonly T[]): T[] {
  return byRank(shares, cityLevelRank);
}
