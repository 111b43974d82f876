import type { Platform } from '@dso/contract';

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

/** A keyword library as its detail pages present it. */
export interface DetailPlatform {
  platform: Platform;
  name: string;
  /** Brand colour of the platform, for its badge. */
  color: string;
  /** The detail route of the library (000 §2.1). */
  detailPath: string;
}

export const detailPlatforms: Record<Platform, DetailPlatform> = {
  DSO: { platform: 'DSO', name: '抖音', color: '#fe2c55', detailPath: '/keyWordDetail' },
  RSO: { platform: 'RSO', name: '小红书', color: '#ff2442', detailPath: '/RsoKeyWordDetail' },
  WSO: { platform: 'WSO', name: '微信', color: '#07c160', detailPath: '/WsoKeyWordDetail' },
  BSO: { platform: 'BSO', name: 'B站', color: '#fb7299', detailPath: '/BsoKeyWordDetail' },
  KSO: { platform: 'KSO', name: '快手', color: '#ff7a00', detailPath: '/KsoKeyWordDetail' },
  TSO: { platform: 'TSO', name: 'TikTok', color: '#25c4ee', detailPath: '/TsoKeyWordDetail' },
};

/** The library a detail route belongs to, by its first path segment; null for other paths. */
export function platformOfDetailPath(pathname: string): Platform | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  const found = Object.values(detailPlatforms).find((item) => item.detailPath === first);
  return found?.platform ?? null;
}

/** The address of a keyword's detail page: `/keyWordDetail/{tab}?keyword=…` (TSO with `country`). */
export function keywordDetailPath(
  ref: { platform: Platform; keyword: string; country?: string | null },
  tab?: DetailTab,
) {
  const query = new URLSearchParams({ keyword: ref.keyword });
  if (ref.platform === 'TSO' && ref.country) query.set('country', ref.country);
  const base = detailPlatforms[ref.platform].detailPath;
  return `${base}${tab && tab !== 'overview' ? `/${tab}` : ''}?${query.toString()}`;
}

/** The read-only share page of a keyword (open route). */
export function keywordSharePath(ref: { platform: Platform; keyword: string; country?: string | null }) {
  const query = new URLSearchParams({ keyword: ref.keyword, platform: ref.platform });
  if (ref.platform === 'TSO' && ref.country) query.set('country', ref.country);
  return `/keyWordShareDetail?${query.toString()}`;
}

/** The address of a TikTok topic's detail page; the topic goes in `keyword` so the breadcrumb names it. */
export function tsoTopicDetailPath(ref: { topic: string; kind: 'ecoTopic' | 'creativeIdeaTopics'; country: string }) {
  const query = new URLSearchParams({ keyword: ref.topic, kind: ref.kind, country: ref.country });
  return `/TsoKeyWordTopicDetail?${query.toString()}`;
}
