import { keywordDetailPath as contractKeywordDetailPath, type Platform, type TsoTopicKind } from '@dso/contract';
import { platforms } from './platforms';

/** The tabs of a keyword detail page, as the route's `tabVal` names them (000 §2.3 names competeAnalyze). */
export const detailTabs = ['overview', 'competeAnalyze', 'relatedWords', 'audience'] as const;
export type DetailTab = (typeof detailTabs)[number];

export const detailTabTitles: Record<DetailTab, string> = {
  overview: '数据概览',
  competeAnalyze: '竞争分析',
  relatedWords: '相关词',
  audience: '人群画像',
};

/** A `tabVal` as given in the address; anything unknown opens the overview. */
export function toDetailTab(value: string | undefined): DetailTab {
  return (detailTabs as readonly string[]).includes(value ?? '') ? (value as DetailTab) : 'overview';
}

/** The library a detail route belongs to, by its first path segment; null for other paths. */
export function platformOfDetailPath(pathname: string): Platform | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return platforms.find((item) => item.detailRoot === first)?.key ?? null;
}

/**
 * The one address of a keyword's detail page: `/keyWordDetail?keyword=…` for the overview (the
 * route's `:tabVal?` left out), `/keyWordDetail/{tab}?keyword=…` for another tab; TSO adds `country`
 * when known (the page defaults to US). Every link to a keyword, from any feature, is built here.
 */
export function keywordDetailPath(
  ref: { platform: Platform; keyword: string; country?: string | null },
  tab?: DetailTab,
) {
  return contractKeywordDetailPath(ref, tab);
}

/** The read-only share page of a keyword (open route). */
export function keywordSharePath(ref: { platform: Platform; keyword: string; country?: string | null }) {
  const query = new URLSearchParams({ keyword: ref.keyword, platform: ref.platform });
  if (ref.platform === 'TSO' && ref.country) query.set('country', ref.country);
  return `/keyWordShareDetail?${query.toString()}`;
}

/**
 * The one address of a TikTok topic's detail page (the topic lists link here). 000 §2 lists the route
 * as /TsoKeyWordTopicDetail/{tabVal?} among the keyword-detail routes, which name their subject in
 * `keyword` and leave the overview's tab out (as keywordDetailPath does); the breadcrumb reads the
 * topic from `keyword` too. The topic page has no tabs, so no tab segment.
 */
export function tsoTopicDetailPath(ref: { topic: string; kind: TsoTopicKind; country: string }) {
  const query = new URLSearchParams({ keyword: ref.topic, kind: ref.kind, country: ref.country });
  return `/TsoKeyWordTopicDetail?${query.toString()}`;
}
