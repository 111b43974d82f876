import {
  BilibiliFilled,
  GlobalOutlined,
  PlayCircleFilled,
  ReadFilled,
  TikTokFilled,
  WechatFilled,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** A keyword-library platform (000 §1) with its daily coverage hint (000 §2.6). */
export interface Platform {
  key: 'DSO' | 'RSO' | 'WSO' | 'BSO' | 'KSO' | 'TSO';
  name: string;
  /** Coverage hint per day, in the order and wording of 000 §2.6. */
  coverage: string;
  /** Root of the platform's library; its search words tab is `${root}/searchWord`. */
  root: string;
  color: string;
  icon: ComponentType;
}

export const platforms: Platform[] = [
  { key: 'DSO', name: '抖音', coverage: '30亿', root: '/KeywordDouyin', color: '#fe2c55', icon: TikTokFilled },
  { key: 'RSO', name: '小红书', coverage: '6亿', root: '/KeywordXhs', color: '#ff2442', icon: ReadFilled },
  { key: 'WSO', name: '微信', coverage: '10亿', root: '/KeywordWSO', color: '#07c160', icon: WechatFilled },
  { key: 'BSO', name: 'B站', coverage: '2亿', root: '/KeywordBSO', color: '#fb7299', icon: BilibiliFilled },
  { key: 'KSO', name: '快手', coverage: '7亿', root: '/KeywordKSO', color: '#ff7a00', icon: PlayCircleFilled },
  { key: 'TSO', name: 'TikTok', coverage: '30亿', root: '/KeywordTSO', color: '#25c4ee', icon: GlobalOutlined },
];

/**
 * Where the home search goes (000 §2.5): the AI keyword page when 'AI选词' is on, otherwise the
 * chosen platform's search words page, with the keyword as query.
 */
export function homeSearchTarget(options: { platform: Platform; keyword: string; aiPick: boolean }): string {
  const query = `?keyword=${encodeURIComponent(options.keyword)}`;
  return options.aiPick ? `/keyWordSeo${query}` : `${options.platform.root}/searchWord${query}`;
}
