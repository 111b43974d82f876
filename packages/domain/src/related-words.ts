import { type RateFigure, rateFigureValue } from './bands';

/**
 * How strongly a related word is tied to the keyword, and which way it is moving (related
 * words "with their strength and which are rising or falling", as 巨量算数's 关联词 show them).
 */

/** Strength levels and where they start (0–100). */
export const relationLevels = [
  { level: '强', from: 60 },
  { level: '中', from: 30 },
  { level: '弱', from: 0 },
] as const;
export type RelationLevel = (typeof relationLevels)[number]['level'];

/** Points of the strength for shared text, for the related word's share of searches, for a shared industry. */
const TEXT_SHARE = 55;
const SEARCH_SHARE = 25;
const INDUSTRY_SHARE = 20;

/** Character bigrams of a word (the word itself when it is one character), case- and space-insensitive. */
function bigrams(word: string): string[] {
  const characters = [...word.toLowerCase().replace(/\s+/g, '')];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/** The Dice coefficient of two words' character bigrams: 露营 and 露营装备 share 露营, one of four, 2·1/4 = 0.5. */
function sharedText(keyword: string, related: string): number {
  const left = bigrams(keyword);
  const right = bigrams(related);
  if (left.length === 0 || right.length === 0) return 0;
  const pool = new Map<string, number>();
  for (const gram of left) pool.set(gram, (pool.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of right) {
    const count = pool.get(gram) ?? 0;
    if (count > 0) {
      shared++;
      pool.set(gram, count - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** What a relation strength is computed from. */
export interface RelationInput {
  keyword: string;
  related: string;
  /** Both words belong to the same industry. */
  sameIndustry: boolean;
  /** The keyword's search index; null when the library does not hold the keyword. */
  keywordIndex: number | null;
  relatedIndex: number;
}

/**
 * The relation strength of two words, 0–100, from what a library can tell of how often they are
 * searched together:
 * 1. shared text, 55 points: the Dice coefficient of their character bigrams (a word built on the
 *    keyword shares most of it);
 * 2. the related word's share of the keyword's searches, 25 points: √(related ÷ keyword index), capped
 *    at 1, so a drop-down word searched half as often as the keyword counts more than a rare one;
 * 3. the same industry, 20 points (searchers overlap without shared text).
 * 强 from 60, 中 from 30, else 弱 ({@link relationLevel}).
 */
export function relationStrength(input: RelationInput): number {
  const text = sharedText(input.keyword, input.related);
  const share =
    input.keywordIndex && input.keywordIndex > 0
      ? Math.sqrt(Math.min(1, Math.max(0, input.relatedIndex) / input.keywordIndex))
      : 0;
  return Math.round(text * TEXT_SHARE + share * SEARCH_SHARE + (input.sameIndustry ? INDUSTRY_SHARE : 0));
}

/** 强 from 60, 中 from 30, else 弱. */
export function relationLevel(strength: number): RelationLevel {
  return (relationLevels.find((entry) => strength >= entry.from) ?? relationLevels[2]).level;
}

/** A change smaller than this (either way) reads 持平: a 0.4 % move is no trend. */
export const FLAT_GROWTH = 0.01;

export type GrowthTrend = 'rising' | 'falling' | 'flat' | 'unknown';

/**
 * Which way a word is moving by its own 7-day growth: rising, falling, flat within ±1 %, unknown
 * without a figure (a word the library does not hold). A band ('5%-10%', '-0%-5%') reads by its
 * edge nearest zero, so '0%-5%' is flat: the band cannot say it rose.
 */
export function growthTrend(rate: RateFigure | null | undefined): GrowthTrend {
  const value = rateFigureValue(rate);
  if (value === null) return 'unknown';
  if (value >= FLAT_GROWTH) return 'rising';
  if (value <= -FLAT_GROWTH) return 'falling';
  return 'flat';
}
