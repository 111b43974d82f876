import { type CollectType, collectTypeSchema, collectTypes, type Platform } from '@dso/contract';

/** A tab of 我的收藏: its collect type (the address's `type`) and its name. */
export interface CollectTab {
  type: CollectType;
  label: string;
}

/**
 * The tabs of 我的收藏 in their order (000 §2.3, §2.4). The keyword tabs carry the library's name as the
 * product names it everywhere else (抖音, 小红书 — RSO is the 小红书 library).
 */
export const collectTabs: readonly CollectTab[] = [
  { type: 'collectDouyin', label: '抖音关键词' },
  { type: 'collectRso', label: '小红书关键词' },
  { type: 'collectUser', label: '达人' },
  { type: 'collectVideo', label: '视频' },
];

/** The tab the personal centre's menu entry and the account panel open. */
export const DEFAULT_COLLECT_TYPE: CollectType = 'collectDouyin';

/** Whether an address's `type` names a favourites tab. */
export function isCollectType(type: string | null | undefined): type is CollectType {
  return collectTypeSchema.safeParse(type).success;
}

/** The collect type of a keyword library, or null when its keywords cannot be collected (WSO, BSO, KSO, TSO). */
export function keywordCollectType(platform: Platform): CollectType | null {
  const entry = Object.entries(collectTypes).find(
    ([, target]) => target.kind === 'keyword' && target.platform === platform,
  );
  return entry ? (entry[0] as CollectType) : null;
}
