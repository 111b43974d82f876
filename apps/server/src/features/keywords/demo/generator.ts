import type { Platform } from '@dso/contract';
import type { KeywordInput } from '../import/keyword-ingest.repository';
import { loadDictionaryNouns } from './dictionary';
import { headPhrases, headTermGroups } from './head-terms';
import { overseasLanguage, type TopicKind } from './overseas';
import {
  cities,
  generalIntents,
  type Industry,
  industries,
  intents,
  localIndustries,
  modifiers,
  suits,
} from './vocabulary';

/** One generated keyword with the raw figures an import carries; competition and the rest are derived at ingest. */
export interface GeneratedKeyword
  extends Pick<
    KeywordInput,
    | 'keyword'
    | 'searchIndex'
    | 'monthCoverCount'
    | 'relatedWorkCount'
    | 'category'
    | 'industry'
    | 'commerceIntent'
    | 'firstSeen'
  > {
  /**
   * Daily search index up to `asOf`, oldest first: {@link trendDaysFor} days (365 for a word with
   * searchers, fewer for the long tail).
   */
  trend: number[];
  /** Daily overall index (综合指数), aligned with `trend`. */
  overall: number[];
}

interface Part {
  text: string;
  /** Relative popularity: the product of a phrase's parts gives its demand. */
  weight: number;
  commerce: boolean;
  industry: Industry | null;
}

interface Pattern {
  parts: Part[][];
  /** Share of the requested count this pattern gets (the remainder goes to the last pattern). */
  share: number;
  separator: string;
}

/** Daily coverage per platform relative to DSO (000 §2.6: 30亿, 6亿, 10亿, 2亿, 7亿, 30亿). */
const platformScale: Record<Platform, number> = { DSO: 1, RSO: 0.2, WSO: 0.33, BSO: 0.07, KSO: 0.23, TSO: 1 };
/**
 * How much more (or less) an industry is searched on a platform than on 抖音: 小红书 leans to beauty,
 * fashion and home, B站 to games, study and gadgets, 快手 to farming and cars, 微信 to money and health.
 */
const platformAffinity: Partial<Record<Platform, Record<string, number>>> = {
  RSO: {
    美妆护肤: 1.6,
    服饰穿搭: 1.5,
    家居家装: 1.3,
    旅游出行: 1.3,
    美食餐饮: 1.2,
    游戏: 0.5,
    汽车出行: 0.6,
    三农: 0.4,
  },
  BSO: { 游戏: 2, 教育培训: 1.6, 数码家电: 1.6, 影视娱乐: 1.6, 美妆护肤: 0.6, 母婴亲子: 0.5, 三农: 0.5 },
  KSO: { 三农: 1.8, 汽车出行: 1.3, 美食餐饮: 1.2, 美妆护肤: 0.8 },
  WSO: { 财经理财: 1.5, 健康医疗: 1.5, 教育培训: 1.3, 母婴亲子: 1.2 },
};
const HEAD_INDEX = 2_000_000;
const industryByName = new Map(industries.map((industry, rank) => [industry.name, { industry, rank }]));
/** The last month of a trend: drawn as it always was, so growth and everything derived from it stay put. */
const RECENT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A deterministic 32-bit mix of a seed and an index: every figure of a row depends only on both. */
export function mix32(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A stream of uniform numbers in [0, 1) for one row. */
function randomFor(seed: number, index: number) {
  let counter = 0;
  return () => mix32(seed, index * 16 + counter++) / 2 ** 32;
}

/** A standard normal draw (Box–Muller) from a uniform stream; the video demo draws its spreads with it too. */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const zipf = (rank: number, exponent: number) => 1 / (rank + 1) ** exponent;

function parts(texts: string[], exponent: number, scale: number, commerce = false): Part[] {
  return texts.map((text, rank) => ({ text, weight: zipf(rank, exponent) * scale, commerce, industry: null }));
}

/** Everything a phrase can be built from inside one industry. */
function industryParts(industry: Industry, industryRank: number) {
  const industryWeight = zipf(industryRank, 0.3);
  const topics = industry.topics.map((text, rank) => ({
    text,
    weight: zipf(rank, 0.7) * industryWeight,
    commerce: industry.commerce,
    industry,
  }));
  const intentParts = intents
    .map((intent, rank) => ({ intent, rank }))
    .filter(({ intent }) => suits(intent, industry.name))
    .map(({ intent, rank }) => ({
      text: intent.text,
      weight: zipf(rank, 0.5),
      commerce: intent.commerce,
      industry: null,
    }));
  const modifierParts = modifiers
    .map((modifier, rank) => ({ modifier, rank }))
    .filter(({ modifier }) => suits(modifier, industry.name))
    .map(({ modifier, rank }) => ({
      text: modifier.text,
      weight: zipf(rank, 0.5) * 0.5,
      commerce: false,
      industry: null,
    }));
  const cityWeight = localIndustries.includes(industry.name) ? 0.3 : 0.06;
  return { topics, intentParts, modifierParts, cityParts: parts(cities, 0.6, cityWeight), industryWeight };
}

function chinesePatterns(): Pattern[] {
  const patterns: Pattern[] = [];
  const totalWeight = industries.reduce((sum, _industry, rank) => sum + zipf(rank, 0.3), 0);
  for (const [rank, industry] of industries.entries()) {
    const { topics, intentParts, modifierParts, cityParts, industryWeight } = industryParts(industry, rank);
    const share = (fraction: number) => (fraction * industryWeight) / totalWeight;
    patterns.push(
      { parts: [topics, intentParts], share: share(0.12), separator: '' },
      { parts: [modifierParts, topics], share: share(0.08), separator: '' },
      { parts: [cityParts, topics], share: share(0.05), separator: '' },
      { parts: [modifierParts, topics, intentParts], share: share(0.3), separator: '' },
      { parts: [cityParts, topics, intentParts], share: share(0.15), separator: '' },
      { parts: [cityParts, modifierParts, topics, intentParts], share: share(0.2), separator: '' },
    );
  }
  const nounParts = parts(loadDictionaryNouns(), 0.8, 0.4);
  const generalParts = parts(generalIntents, 0.5, 0.8);
  const everywhere = parts(
    modifiers.filter((modifier) => !modifier.only).map((modifier) => modifier.text),
    0.5,
    0.5,
  );
  patterns.push(
    { parts: [nounParts, generalParts], share: 0.04, separator: '' },
    { parts: [everywhere, nounParts, generalParts], share: 0.03, separator: '' },
    { parts: [parts(cities, 0.6, 0.1), nounParts, generalParts], share: 0.03, separator: '' },
  );
  return patterns;
}

/** Combinations of one overseas country's vocabulary, in its language, each topic with its industry. */
function overseasPatterns(country: string): Pattern[] {
  const language = overseasLanguage(country);
  const kinds: TopicKind[] = ['product', 'food', 'activity'];
  const patterns: Pattern[] = [];
  for (const kind of kinds) {
    const topics = language.topics
      .filter((topic) => topic[2] === kind)
      .map(([text, industryName], rank) => {
        const industry = industryByName.get(industryName)!.industry;
        return { text, weight: zipf(rank, 0.6), commerce: industry.commerce, industry };
      });
    const share = topics.length / language.topics.length;
    const suffixes = parts(language.suffixes[kind], 0.5, 1, kind === 'product');
    const prefixes = parts(language.prefixes[kind], 0.5, 0.5, kind === 'product');
    patterns.push(
      { parts: [topics, suffixes], share: share * 0.3, separator: ' ' },
      { parts: [prefixes, topics], share: share * 0.2, separator: ' ' },
      { parts: [prefixes, topics, suffixes], share: share * 0.5, separator: ' ' },
    );
  }
  return patterns;
}

/** "receita fácil de bolo fácil": a prefix and a suffix that share a word make no search. */
function repeatsAWord(phrase: string): boolean {
  const words = phrase.split(' ');
  return new Set(words).size < words.length;
}

const sizeOf = (pattern: Pattern) => pattern.parts.reduce((size, list) => size * list.length, 1);

/** How many rows each pattern yields: its share of the count, then any shortfall spread over the room left. */
function allocate(patterns: Pattern[], count: number): number[] {
  const sizes = patterns.map(sizeOf);
  const counts = patterns.map((pattern, i) => Math.min(sizes[i]!, Math.floor(count * pattern.share)));
  let missing =
    Math.min(
      count,
      sizes.reduce((sum, size) => sum + size, 0),
    ) - counts.reduce((sum, value) => sum + value, 0);
  while (missing > 0) {
    const room = sizes.map((size, i) => size - counts[i]!);
    const totalRoom = room.reduce((sum, value) => sum + value, 0);
    let given = 0;
    for (let i = 0; i < patterns.length && given < missing; i++) {
      const extra = Math.min(room[i]!, Math.max(1, Math.floor((missing * room[i]!) / totalRoom)), missing - given);
      counts[i]! += extra;
      given += extra;
    }
    missing -= given;
  }
  return counts;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A stride coprime with the pattern size, so k × stride visits distinct combinations spread evenly. */
function strideFor(size: number): number {
  let stride = Math.floor(size * 0.6180339887) | 1;
  while (gcd(stride, size) !== 1) stride += 2;
  return stride;
}

function combination(pattern: Pattern, index: number): Part[] {
  const chosen: Part[] = [];
  let rest = index;
  for (let i = pattern.parts.length - 1; i >= 0; i--) {
    const list = pattern.parts[i]!;
    chosen.unshift(list[rest % list.length]!);
    rest = Math.floor(rest / list.length);
  }
  return chosen;
}

export interface GenerateOptions {
  platform: Platform;
  country: string;
  /**
   * Rows in the library: on a Chinese platform the head-term phrases first (by rank, so a small
   * library holds every head term and its top tails), then generated combinations.
   */
  count: number;
  seed: number;
  /** The date every figure is as of (YYYY-MM-DD). */
  asOf: string;
}

/** Buying words in a head-term tail: with a commerce industry they make a search one with buying intent. */
const buyingTail =
  /推荐|牌子|品牌|价格|多少钱|排行|测评|评测|平替|怎么选|性价比|开箱|正品|团购|优惠|报价|落地价|选购|值得买|哪款|好物|种草|平价|礼盒|批发|必买/;

/** Head phrases are known searches: their order follows the words more closely than a combination's. */
const HEAD_NOISE = 0.4;

/** Head terms of a single-term group are broad words (美食, 穿搭, 装修): searched more than any one item. */
const broadTermWeight = 2.5;

/** The head-term phrases of a Chinese library, as parts the row builder takes. */
function headRows(platform: Platform): Array<{ keyword: string; demand: number; industry: Industry; buying: boolean }> {
  const termWeights = new Map<string, number>();
  for (const group of headTermGroups) {
    const broad = group.terms.length === 1 ? broadTermWeight : 1;
    for (const [index, term] of group.terms.entries()) termWeights.set(term, broad * zipf(index, 0.45));
  }
  return headPhrases().map((phrase) => {
    const { industry, rank } = industryByName.get(phrase.industry)!;
    const affinity = platformAffinity[platform]?.[industry.name] ?? 1;
    const tailWeight = phrase.rank === 0 ? 1.6 : 0.9 * zipf(phrase.rank - 1, 0.55);
    return {
      keyword: phrase.keyword,
      demand: zipf(rank, 0.3) * termWeights.get(phrase.term)! * tailWeight * affinity,
      industry,
      buying: phrase.rank > 0 && buyingTail.test(phrase.keyword),
    };
  });
}

/**
 * Generates `count` distinct keywords for one library, deterministically from the seed, in batches.
 * A Chinese library starts with the head terms of short-video marketing and their long tails (what a
 * new user searches first), then fills the rest with combinations of the vocabulary. Demand follows
 * the popularity of the words a phrase is made of (Zipf-like), with log-normal noise.
 */
export function* generateKeywords(options: GenerateOptions, batchSize = 5000): Generator<GeneratedKeyword[]> {
  const overseas = options.platform === 'TSO';
  const seed = mix32(
    options.seed,
    [...`${options.platform}${options.country}`].reduce((h, c) => h * 31 + c.charCodeAt(0), 7),
  );
  const seen = new Set<string>();
  let batch: GeneratedKeyword[] = [];
  let rowIndex = 0;
  if (!overseas) {
    for (const head of headRows(options.platform)) {
      if (seen.size >= options.count) break;
      seen.add(head.keyword);
      const random = randomFor(seed, rowIndex++);
      batch.push(buildKeyword(head.keyword, head.demand, head.industry, head.buying, random, options, HEAD_NOISE));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  const patterns = overseas ? overseasPatterns(options.country) : chinesePatterns();
  const counts = allocate(patterns, options.count - seen.size);
  // What a pattern could not make (its combinations ran out after skips) passes to the next one.
  let shortfall = 0;
  for (const [patternIndex, pattern] of patterns.entries()) {
    const size = sizeOf(pattern);
    const stride = strideFor(size);
    const target = counts[patternIndex]! + shortfall;
    let made = 0;
    // A combination that repeats a head phrase is skipped and the pattern walks on to fill its share.
    for (let k = 0; made < target && k < size; k++) {
      const chosen = combination(pattern, (k * stride) % size);
      const keyword = chosen.map((part) => part.text).join(pattern.separator);
      if (seen.has(keyword) || (pattern.separator === ' ' && repeatsAWord(keyword))) continue;
      seen.add(keyword);
      made++;
      const demand = chosen.reduce((product, part) => product * part.weight, 1) / 2 ** (chosen.length - 2);
      const industry = chosen.find((part) => part.industry)?.industry ?? null;
      const buyingWord = chosen.some((part) => part.commerce && !part.industry);
      batch.push(buildKeyword(keyword, demand, industry, buyingWord, randomFor(seed, rowIndex++), options));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    shortfall = target - made;
  }
  if (batch.length) yield batch;
}

function buildKeyword(
  keyword: string,
  demand: number,
  industry: Industry | null,
  buyingWord: boolean,
  random: () => number,
  options: GenerateOptions,
  noiseSpread = 0.7,
): GeneratedKeyword {
  const noise = Math.exp(gaussian(random) * noiseSpread);
  const searchIndex = Math.max(1, Math.round(HEAD_INDEX * platformScale[options.platform] * demand * noise));
  // Buying intent: a commerce industry plus a buying word, or now and then a commerce topic alone.
  const commerceIntent = Boolean(industry?.commerce) && (buyingWord || random() < 0.3);
  const density = Math.exp(gaussian(random) * 0.9) * (commerceIntent ? 1.6 : 0.6);
  const fullTrend = trendFor(searchIndex, random, trendDaysFor(searchIndex));
  const monthCoverCount = Math.round(searchIndex * 30 * (0.6 + random() * 0.8));
  const category = categoryFor(industry, random);
  const firstSeen = shiftDays(options.asOf, -Math.floor(random() * 900) - RECENT_DAYS);
  // No index before the word was first collected: a word found five months ago has five months of days.
  const collectedDays = Math.round((Date.parse(options.asOf) - Date.parse(firstSeen)) / DAY_MS) + 1;
  const trend = fullTrend.slice(-Math.max(RECENT_DAYS, collectedDays));
  return {
    keyword,
    searchIndex,
    monthCoverCount,
    relatedWorkCount: Math.round(searchIndex * density),
    category,
    industry: industry?.name ?? null,
    commerceIntent,
    firstSeen,
    trend,
    overall: overallFor(trend, density),
  };
}

function categoryFor(industry: Industry | null, random: () => number): string {
  const pool = industry?.categories ?? [41, 70, 66, 33];
  return `diversify_${pool[Math.floor(random() * pool.length)]}`;
}

/**
 * How many days of history a demo word keeps. The presets reach back 365 days, but a year of two
 * indexes for each of the first run's 91,000 words (24 M numbers) more than doubled the first start's
 * seed (measured: 67 s → 155 s CPU, 1.2 → 1.6 GB peak, 20 → 112 MB of trends). The words people open
 * are the searched ones, so a word of LONG_TREND_MIN_INDEX (30w) or more keeps up to a year (back to
 * when it was first collected): about 5,000 words, the head of every library. The long tail keeps
 * its month, and the longer presets show the days there are.
 */
export const LONG_TREND_MIN_INDEX = 300_000;
export const LONG_TREND_DAYS = 365;
export const trendDaysFor = (searchIndex: number) =>
  searchIndex >= LONG_TREND_MIN_INDEX ? LONG_TREND_DAYS : RECENT_DAYS;

/**
 * Daily demand ending at the current index. The last month is a drift, a weekly rhythm and noise (the
 * row's own draws, as before, so its growth is unchanged). The months before it come from a stream
 * seeded by that month: a year-long drift, a season with its own peak, the weekly rhythm, noise and
 * now and then a burst of attention that fades over days, as a news event or a hit video makes one.
 */
function trendFor(current: number, random: () => number, days: number): number[] {
  const drift = (random() - 0.35) * 1.2;
  const phase = Math.floor(random() * 7);
  const weekly = (day: number) => 1 + 0.08 * Math.sin(((day + phase) / 7) * 2 * Math.PI);
  const recent = Array.from({ length: RECENT_DAYS }, (_, day) => {
    const progress = (day - (RECENT_DAYS - 1)) / RECENT_DAYS;
    const value = current * (1 + drift * progress) * weekly(day) * (0.92 + random() * 0.16);
    return Math.max(0, Math.round(value));
  });
  const older = days - RECENT_DAYS;
  if (older <= 0) return recent.slice(-days);
  const history = randomFor(mix32(recent[0]!, recent[RECENT_DAYS - 1]!), recent[RECENT_DAYS >> 1]!);
  // Level where the recent month starts; the history runs back from it.
  const anchor = current * (1 + drift * (-(RECENT_DAYS - 1) / RECENT_DAYS));
  const yearly = (history() - 0.4) * 1.6;
  const season = history() * 0.35;
  const peak = history() * 365;
  const seasonal = (back: number) => 1 + season * Math.cos(((back - peak) / 365) * 2 * Math.PI);
  const bursts = Array.from({ length: Math.floor(history() * 4) }, () => ({
    back: RECENT_DAYS + Math.floor(history() * older),
    height: 0.4 + history() * 1.6,
    fade: 2 + history() * 6,
  }));
  const values = new Array<number>(days);
  for (let back = days - 1; back >= RECENT_DAYS; back--) {
    // `back` days before the data day; day index from the start of the series.
    const day = days - 1 - back;
    const burst = bursts.reduce(
      (sum, event) => (back <= event.back ? sum + event.height * Math.exp(-(event.back - back) / event.fade) : sum),
      0,
    );
    const level = anchor * Math.exp((-yearly * (back - RECENT_DAYS)) / 365) * (seasonal(back) / seasonal(RECENT_DAYS));
    const value = level * (1 + burst) * weekly(day - (days - RECENT_DAYS)) * (0.9 + history() * 0.2);
    values[day] = Math.max(0, Math.round(value));
  }
  recent.forEach((value, index) => {
    values[days - RECENT_DAYS + index] = value;
  });
  return values;
}

/**
 * The overall index (综合指数) of a day: the searches plus what is posted, played and shared around
 * the word. Content-heavy words (many works per search) score higher against their searches, and
 * content moves a little ahead of search (a hit video precedes the searches it causes), so the line
 * is the search line smoothed over the coming days, scaled by the word's content weight, with its own
 * noise. Deterministic from the search line.
 */
function overallFor(trend: number[], worksPerSearch: number): number[] {
  const weight = 1.4 + Math.min(3, worksPerSearch) * 0.6;
  const noise = randomFor(mix32(trend.length, trend[trend.length - 1] ?? 0), trend[0] ?? 0);
  return trend.map((_, day) => {
    let sum = 0;
    let count = 0;
    for (let ahead = day; ahead < Math.min(trend.length, day + 3); ahead++, count++) sum += trend[ahead]!;
    return Math.max(0, Math.round((sum / count) * weight * (0.94 + noise() * 0.12)));
  });
}

export function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
