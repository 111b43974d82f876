import {
  AimOutlined,
  FireOutlined,
  RiseOutlined,
  RocketOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagsOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { BoardKind } from '@dso/contract';
import type { ComponentType } from 'react';

/** A hot board as its tab presents it: the header menu's name and description (000 §2.3). */
export interface BoardTab {
  board: BoardKind;
  name: string;
  description: string;
  icon: ComponentType;
}

/** The nine DSO boards of /KeywordDouyinHot/, in the menu's order. */
export const boardTabs: BoardTab[] = [
  { board: 'blue', name: '蓝海词', description: '搜索多、竞争少的机会词', icon: AimOutlined },
  { board: 'industryHot', name: '行业热词', description: '各行业当下的热搜词', icon: FireOutlined },
  { board: 'commerceHotSell', name: '电商热卖词', description: '带货转化好的热卖词', icon: ShoppingOutlined },
  { board: 'industryHeight', name: '行业高增长词', description: '搜索量快速上涨的词', icon: RiseOutlined },
  { board: 'topicList', name: '话题榜', description: '热门话题排行', icon: TrophyOutlined },
  { board: 'commerceHot', name: '电商热词', description: '电商领域的热搜词', icon: ShopOutlined },
  { board: 'industryLast', name: '行业新词', description: '行业里新出现的搜索词', icon: TagsOutlined },
  { board: 'topicSurge', name: '话题飙升', description: '热度快速上升的话题', icon: ThunderboltOutlined },
  { board: 'commerceLast', name: '电商新词', description: '电商领域新出现的词', icon: RocketOutlined },
];

/** The board a `tabVal` names; the blue-ocean board for a missing or unknown one. */
export function toBoardKind(value: string | undefined): BoardKind {
  return boardTabs.find((tab) => tab.board === value)?.board ?? 'blue';
}

/** The route's named load event (route table `infiniteScroll`), fired by the layout at the end of the list. */
export const BOARD_LOAD_EVENT = 'hotListLoad';
