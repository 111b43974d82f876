import { creatorSizeClass, type SizeClassCode } from './bands';

/*
 * Creator rules (002 §9). The classes themselves, `creatorSizeClass` by followers and
 * `salesClass` by sales in fen, live in bands.ts with the other display bands; this module adds what
 * the creator library needs around them: the classes in order, the range each covers (a filter turns a
 * class into a range query, so the range must agree with the class function at every edge), the
 * creator-facing labels, and the per-video averages the video dialog compares a work with.
 */

/** The size classes, smallest first: the order of the creator library's follower-class filter. */
export const sizeClassCodes = ['tail', 'small', 'mid', 'shoulder', 'head'] as const satisfies readonly SizeClassCode[];

/**
 * The creator label of each size class. The spec names the classes only in English (tail, small, mid,
 * shoulder, head); the Chinese words are the trade's usual 头部/肩部/腰部/尾部达人 (as the creator
 * rankings of 蝉妈妈 and 飞瓜 use them), with bands.ts's 小 read as 小达人. Each is the band label
 * followed by 达人, so the two never disagree.
 */
export const creatorClassLabels: Record<SizeClassCode, string> = {
  tail: '尾部达人',
  small: '小达人',
  mid: '腰部达人',
  shoulder: '肩部达人',
  head: '头部达人',
};

/** An inclusive range of integers; `max` null = no upper bound. */
export interface IntRange {
  min: number;
  max: number | null;
}

/**
 * Followers covered by each size class, inclusive at both ends, matching `creatorSizeClass`: under
 * 10,000 tail; 10,000–100,000 small; 100,001–1,000,000 mid; 1,000,001–5,000,000 shoulder; above head.
 * (The spec says "under 10k" for tail and "to" for the others, so from 100k on the upper edge belongs
 * to the smaller class.)
 */
export const creatorSizeRanges: Record<SizeClassCode, IntRange> = {
  tail: { min: 0, max: 9_999 },
  small: { min: 10_000, max: 100_000 },
  mid: { min: 100_001, max: 1_000_000 },
  shoulder: { min: 1_000_001, max: 5_000_000 },
  head: { min: 5_000_001, max: null },
};

/**
 * Sales in fen covered by each sales class, inclusive at both ends, matching `salesClass` (amount ÷
 * 100 under 30,000 tail; under 100,000 small; under 1M mid; under 10M shoulder; more head).
 */
export const salesClassRanges: Record<SizeClassCode, IntRange> = {
  tail: { min: 0, max: 2_999_999 },
  small: { min: 3_000_000, max: 9_999_999 },
  mid: { min: 10_000_000, max: 99_999_999 },
  shoulder: { min: 100_000_000, max: 999_999_999 },
  head: { min: 1_000_000_000, max: null },
};

/** A creator's size class with the creator label (头部达人 …). */
export function creatorClass(followers: number): { code: SizeClassCode; label: string } {
  const { code } = creatorSizeClass(followers);
  return { code, label: creatorClassLabels[code] };
}

/** Gender codes of the platform: 0 unknown, 1 male, 2 female. */
export const creatorGenderLabels: Record<0 | 1 | 2, string> = { 0: '未知', 1: '男', 2: '女' };

/** A creator's gender label; unknown codes read 未知. */
export function creatorGenderLabel(code: number): string {
  return code === 1 || code === 2 ? creatorGenderLabels[code] : creatorGenderLabels[0];
}

/**
 * A per-video average (likes, comments, shares or collects per work), rounded to a whole count: the
 * figure each of a video's counts is shown beside. No works, or a total that is not a finite
 * non-negative number, gives 0 rather than NaN or Infinity.
 */
export function averagePerVideo(total: number, videoCount: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  if (!Number.isFinite(videoCount) || videoCount < 1) return 0;
  return Math.round(total / Math.floor(videoCount));
}
