import type { PortraitShare } from '@dso/contract';

/** What an audience portrait (a keyword's or a work's) lists, and the source's reason when it has none. */
export interface PortraitLists {
  empty_text: string | null;
  gender_more: readonly PortraitShare[];
  age_more: readonly PortraitShare[];
  province_more: readonly PortraitShare[];
  city_more: readonly PortraitShare[];
  city_level_more: readonly PortraitShare[];
}

/** True when a portrait has nothing to show at all: the source said so, or every distribution is empty. */
export function isEmptyPortrait(portrait: PortraitLists): boolean {
  return (
    portrait.empty_text !== null ||
    [
      portrait.gender_more,
      portrait.age_more,
      portrait.province_more,
      portrait.city_more,
      portrait.city_level_more,
    ].every((list) => list.length === 0)
  );
}

/**
 * The top shares of a distribution as the audience lists show them: largest first (or in the given order,
 * for city levels), at most `limit`.
 */
export function topShares(items: readonly PortraitShare[], limit: number, keepOrder = false): PortraitShare[] {
  return (keepOrder ? [...items] : [...items].sort((a, b) => b.value - a.value)).slice(0, limit);
}
