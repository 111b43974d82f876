import { FireOutlined, PictureOutlined, RocketOutlined } from '@ant-design/icons';
import type { TopicKind } from '@dso/contract';
import type { ComponentType } from 'react';

/** The tabs of /DouyinTopic/{tabVal} (000 §2.3) and what each lists. */
export type TopicTab = 'searchWord' | 'imgSearchWord' | 'lowPowderPop';

export const topicTabs: Array<{
  tab: TopicTab;
  name: string;
  description: string;
  icon: ComponentType;
  /** The topic kind a topic tab lists; none for the breakout works. */
  kind: TopicKind | null;
}> = [
  { tab: 'searchWord', name: '视频选题', description: '今日热门的视频话题', icon: FireOutlined, kind: 'video' },
  {
    tab: 'imgSearchWord',
    name: '图文选题',
    description: '今日热门的图文话题',
    icon: PictureOutlined,
    kind: 'image_text',
  },
  { tab: 'lowPowderPop', name: '低粉爆款', description: '10万粉以下账号的爆款作品', icon: RocketOutlined, kind: null },
];

/** The tab a `tabVal` names, or null for an unknown one (the page then goes to the first tab). */
export function toTopicTab(value: string | undefined): TopicTab | null {
  if (value === undefined) return 'searchWord';
  return topicTabs.find((item) => item.tab === value)?.tab ?? null;
}

/** The route table's load event of /DouyinTopic (`infiniteScroll`), fired at the end of the page. */
export const TOPIC_LOAD_EVENT = 'topicListLoad';

/** The address of the video search (header search 视频 lands here; the contract's, which the MCP answers link with too). */
export { videoSearchPath } from '@dso/contract';

/** The address of the works ranked under a keyword (/DouyinKeywordSearchRank). */
export function keywordRankPath(keyword: string, date?: string | null): string {
  const query = new URLSearchParams({ keyword });
  if (date) query.set('date', date);
  return `/DouyinKeywordSearchRank?${query}`;
}
