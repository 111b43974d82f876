import {
  BilibiliFilled,
  GlobalOutlined,
  PlayCircleFilled,
  ReadFilled,
  TikTokFilled,
  WechatFilled,
} from '@ant-design/icons';
import { keywordDetailRoots, type Platform } from '@dso/contract';
import type { ComponentType } from 'react';

/**
 * A keyword-library platform (000 §1) as every page presents it: the one table of names, colours,
 * coverage hints and route roots. The home page, the libraries, the boards and the detail pages
 * all read it, so a platform is renamed or re-routed in one place.
 */
export interface PlatformInfo {
  key: Platform;
  name: string;
  /** Coverage hint per day, in the order and wording of 000 §2.6. */
  coverage: string;
  /** Root of the platform's library (000 §2.2); its search words tab is `${root}/searchWord`. */
  root: string;
  /** Root of the platform's keyword detail route (000 §2.1), `${detailRoot}/:tabVal?`. */
  detailRoot: string;
  /** Brand colour, for cards and badges. */
  color: string;
  icon: ComponentType;
}

/** The six platforms in the spec's order (000 §2.6). */
export const platforms: readonly PlatformInfo[] = [
  {
    key: 'DSO',
    name: '抖音',
    coverage: '30亿',
    root: '/KeywordDouyin',
    detailRoot: keywordDetailRoots.DSO,
    color: '#fe2c55',
    icon: TikTokFilled,
  },
  {
    key: 'RSO',
    name: '小红书',
    coverage: '6亿',
    root: '/KeywordXhs',
    detailRoot: keywordDetailRoots.RSO,
    color: '#ff2442',
    icon: ReadFilled,
  },
  {
    key: 'WSO',
    name: '微信',
    coverage: '10亿',
    root: '/KeywordWSO',
    detailRoot: keywordDetailRoots.WSO,
    color: '#07c160',
    icon: WechatFilled,
  },
  {
    key: 'BSO',
    name: 'B站',
    coverage: '2亿',
    root: '/KeywordBSO',
    detailRoot: keywordDetailRoots.BSO,
    color: '#fb7299',
    icon: BilibiliFilled,
  },
  {
    key: 'KSO',
    name: '快手',
    coverage: '7亿',
    root: '/KeywordKSO',
    detailRoot: keywordDetailRoots.KSO,
    color: '#ff7a00',
    icon: PlayCircleFilled,
  },
  {
    key: 'TSO',
    name: 'TikTok',
    coverage: '30亿',
    root: '/KeywordTSO',
    detailRoot: keywordDetailRoots.TSO,
    color: '#25c4ee',
    icon: GlobalOutlined,
  },
];

/**
 * The entry for a platform in a list keyed by platform (this table, the keyword libraries); every
 * such list covers every platform, so a missing one is a programming error and throws.
 */
export function findPlatformEntry<T extends { key: Platform }>(entries: readonly T[], key: Platform): T {
  const found = entries.find((entry) => entry.key === key);
  if (!found) throw new Error(`unknown platform ${key}`);
  return found;
}

/** The platform of a key. */
export function platformInfo(key: Platform): PlatformInfo {
  return findPlatformEntry(platforms, key);
}

/** The overseas library's country when none is chosen (000 §9). */
export const DEFAULT_COUNTRY = 'US';
