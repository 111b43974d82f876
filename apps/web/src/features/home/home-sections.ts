import {
  AimOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  CalendarOutlined,
  DashboardOutlined,
  EditOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FireOutlined,
  FundProjectionScreenOutlined,
  FundViewOutlined,
  LineChartOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  RiseOutlined,
  RobotOutlined,
  RocketOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SnippetsOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserSwitchOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** A card of the workbench: a menu entry's path and the icon it shows. */
export interface HomeCard {
  to: string;
  icon: ComponentType;
}

/** A workbench section: its cards are menu entries, so names and descriptions match the header. */
export interface HomeSection {
  key: string;
  title: string;
  subtitle: string;
  icon: ComponentType;
  /** Accent colour of the section's icons. */
  accent: string;
  /** Cards per row. */
  columns: 2 | 3 | 4;
  cards: HomeCard[];
}

/** A card as the sections list it: the menu entry's path and its icon. */
type CardEntry = readonly [to: string, icon: ComponentType];

/** A section from its head and its cards, each written as `[path, icon]`. */
function homeSection(head: Omit<HomeSection, 'cards'>, cards: readonly CardEntry[]): HomeSection {
  return { ...head, cards: cards.map(([to, icon]) => ({ to, icon })) };
}

export const boardSection = homeSection(
  {
    key: 'boards',
    title: '热词榜单',
    subtitle: '抖音九大榜单与 TikTok 话题，第一时间发现蓝海词与飙升话题',
    icon: FireOutlined,
    accent: '#ff7a45',
    columns: 4,
  },
  [
    ['/KeywordDouyinHot/blue', AimOutlined],
    ['/KeywordDouyinHot/industryHot', FireOutlined],
    ['/KeywordDouyinHot/commerceHotSell', ShoppingOutlined],
    ['/KeywordDouyinHot/industryHeight', RiseOutlined],
    ['/KeywordDouyinHot/topicList', TrophyOutlined],
    ['/KeywordDouyinHot/commerceHot', ShopOutlined],
    ['/KeywordDouyinHot/industryLast', TagsOutlined],
    ['/KeywordDouyinHot/topicSurge', ThunderboltOutlined],
    ['/KeywordDouyinHot/commerceLast', RocketOutlined],
    ['/DouyinKeywordSearchRank', BarChartOutlined],
    ['/KeywordTSOList/ecoTopic', ShopOutlined],
    ['/KeywordTSOList/creativeIdeaTopics', BulbOutlined],
  ],
);

export const creatorSection = homeSection(
  {
    key: 'creators',
    title: '达人与素材',
    subtitle: '找创作者、找对标、找选题',
    icon: TeamOutlined,
    accent: '#13c2c2',
    columns: 2,
  },
  [
    ['/personListLibrary', TeamOutlined],
    ['/Competitors', UserSwitchOutlined],
    ['/DouyinTopic', AppstoreOutlined],
    ['/DouyinTopic/searchWord', VideoCameraOutlined],
    ['/DouyinTopic/imgSearchWord', PictureOutlined],
    ['/DouyinTopic/lowPowderPop', RocketOutlined],
  ],
);

export const aiSection = homeSection(
  {
    key: 'ai',
    title: 'AI 工具',
    subtitle: '从选词、文案到图文与直播复盘，让内容生产更高效',
    icon: RobotOutlined,
    accent: '#9254de',
    columns: 4,
  },
  [
    ['/CueWord', SnippetsOutlined],
    ['/writing', EditOutlined],
    ['/copyWriters', FileTextOutlined],
    ['/DouyinVideoOcr', FileSearchOutlined],
    ['/keyWordSeo', AimOutlined],
    ['/keywordImg', PictureOutlined],
    ['/simmind', ApartmentOutlined],
    ['/AiLiveReplay', PlaySquareOutlined],
  ],
);

export const monitorSection = homeSection(
  {
    key: 'monitor',
    title: '监控',
    subtitle: '持续追踪作品与关键词排名',
    icon: DashboardOutlined,
    accent: '#3fb950',
    columns: 2,
  },
  [
    ['/dataMarketNew', LineChartOutlined],
    ['/dataMarket', FundViewOutlined],
    ['/keyWordDetailMonitor', SolutionOutlined],
    ['/dailyPaper', CalendarOutlined],
    ['/keyWordScreen', FundProjectionScreenOutlined],
    ['/setting?type=detectiontDouyin', EyeOutlined],
  ],
);
