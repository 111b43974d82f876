import { type RateFigure, rateFigureValue } from './bands';

/**
 * How strongly a related word is tied to the keyword, and which way it is moving (issue 20: related
 * words "with their strength and which are rising or falling", as 巨量算数's 关联词 show them).
 */

/** Strength levels and where they start (0–100). */
export const relationLevels = [
  { level: '强', from: 60 },
  { level: '中', from: 30 },
  { level: '弱', from: 0 },
] as const;
export type RelationLevel = (typeof relationLevels)[number]['level'];

/** What the strength counts for the words' shared industry (their searchers overlap without shared text). */
const INDUSTRY_SHARE = 20;

/** Character bigrams of a word (the word itself when it is one character), case- and space-insensitive. */
function bigrams(word: string): string[] {
  const characters = [...word.toLowerCase().replace(/\s+/g, '')];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => characters[index] + character);
}

/**
 * The relation strength of two words, 0–100: how much of their text they share (the Dice coefficient
 * of their character bigrams: 露营 and 露营装备 share 露营, one of four bigrams, 2·1/4 = 0.5) taking
 * 80 points, and 20 more when both are words of the same industry. A word the keyword is made of or
 * built on reads 中 to 强; an industry word without shared text reads 弱.
 */
export function relationStrength(keyword: string, related: string, sameIndustry: boolean): number {
  const left = bigrams(keyword);
  const right = bigrams(related);
  if (left.length === 0 || right.length === 0) return sameIndustry ? INDUSTRY_SHARE : 0;
  const pool = new Map<string, number>();
  for (const gram of left) pool.set(gram, (pool.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of right) {
    const left = pool.get(gram) ?? 0;
    if (left > 0) {
      shared++;
      pool.set(gram, left - 1);
    }
  }
  const dice = (2 * shared) / (left.length + right.length);
  return Math.round(dice * (100 - INDUSTRY_SHARE) + (sameIndustry ? INDUSTRY_SHARE : 0));
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
