import {
  type KeywordPortrait,
  type PortraitDistributions,
  type PortraitShare,
  portraitDistributionsSchema,
  videoMessages,
} from '@dso/contract';
import { inAgeOrder, inCityLevelOrder } from '@dso/domain';

/**
 * An audience portrait estimated for a word whose source gives none (docs/keywords.md, audience):
 * every word with at least this search index has searchers enough to be asked about, so it answers
 * a portrait — its own when stored, else one estimated from words of its industry that have one.
 */
export const PORTRAIT_ESTIMATE_MIN_INDEX = 10_000;

/**
 * How many stored portraits an estimate averages: the industry's highest-index words, whose
 * searchers are the likeliest to resemble the word's; more would only slow the read.
 */
export const PORTRAIT_ESTIMATE_SOURCES = 30;

/** The distributions a portrait is made of, in its stored JSON: the contract's, under the same names. */
export const portraitDimensions = portraitDistributionsSchema.keyof().options;
export type PortraitDimension = (typeof portraitDimensions)[number];
export type PortraitLists = PortraitDistributions;

/** A stored portrait's list of one dimension, or [] when the JSON has none. */
export function storedList(portrait: Record<string, unknown>, dimension: PortraitDimension): PortraitShare[] {
  const value = portrait[dimension];
  return Array.isArray(value) ? (value as PortraitShare[]) : [];
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The plain average of stored portraits, dimension by dimension: a share a portrait lacks counts as 0
 * there (a province outside its top 10 is small), largest share first, ties by name so the same
 * sources always give the same answer. Null when there is no source.
 */
export function averagePortrait(sources: ReadonlyArray<Record<string, unknown>>): PortraitLists | null {
  if (sources.length === 0) return null;
  const average = (dimension: PortraitDimension): PortraitShare[] => {
    const sums = new Map<string, number>();
    for (const source of sources) {
      for (const share of storedList(source, dimension)) {
        if (typeof share?.name !== 'string' || !Number.isFinite(share.value)) continue;
        sums.set(share.name, (sums.get(share.name) ?? 0) + share.value);
      }
    }
    return [...sums]
      .map(([name, sum]) => ({ name, value: round4(sum / sources.length) }))
      .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };
  return Object.fromEntries(portraitDimensions.map((dimension) => [dimension, average(dimension)])) as PortraitLists;
}

/** The sources an estimate averages: the word's industry's portraits, or the library's when its industry has none. */
export function estimateSources<T extends { sameIndustry: boolean }>(candidates: readonly T[]): T[] {
  const same = candidates.filter((candidate) => candidate.sameIndustry);
  return same.length > 0 ? same : [...candidates];
}

/** A stored portrait as read: its JSON and day. */
export interface StoredPortrait {
  portrait: Record<string, unknown>;
  asOf: string;
}

/**
 * The answer of the audience tab, from the word's stored portrait or, without one, from the
 * candidate sources of an estimate (none for a word under PORTRAIT_ESTIMATE_MIN_INDEX): age buckets
 * and city levels along their scales, the top 10 regions; 暂无观众画像 when there is nothing.
 */
export function portraitAnswer(
  keyword: string,
  stored: StoredPortrait | null,
  candidates: ReadonlyArray<StoredPortrait & { sameIndustry: boolean }>,
): KeywordPortrait {
  const sources = stored ? [] : estimateSources(candidates);
  const estimate = averagePortrait(sources.map((source) => source.portrait));
  const found = stored
    ? { lists: stored.portrait, asOf: stored.asOf, estimated: false }
    : estimate
      ? {
          lists: estimate as Record<string, unknown>,
          // The estimate is as recent as its newest source.
          asOf: sources.reduce((latest, source) => (source.asOf > latest ? source.asOf : latest), ''),
          estimated: true,
        }
      : null;
  const list = (dimension: PortraitDimension) => (found ? storedList(found.lists, dimension) : []);
  const portrait = {
    keyword,
    gender_more: list('gender_more'),
    age_more: inAgeOrder(list('age_more')),
    province_more: list('province_more').slice(0, 10),
    city_more: list('city_more').slice(0, 10),
    city_level_more: inCityLevelOrder(list('city_level_more')),
  };
  const empty = !found || (portrait.gender_more.length === 0 && portrait.age_more.length === 0);
  return {
    ...portrait,
    as_of: empty ? null : found.asOf,
    empty_text: empty ? videoMessages.noPortrait : null,
    estimated: !empty && found.estimated,
  };
}
