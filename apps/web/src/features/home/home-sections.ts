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

export const boardSection: HomeSection = {
  key: 'boards',
  title: '热词榜单',
  subtitle: '抖音九大榜单与 TikTok 话题，第一时间发现蓝海词与飙升话题',
  icon: FireOutlined,
  accent: '#ff7a45',
  columns: 4,
  cards: [
    { to: '/KeywordDouyinHot/blue', icon: AimOutlined },
    { to: '/KeywordDouyinHot/industryHot', icon: FireOutlined },
    { to: '/KeywordDouyinHot/commerceHotSell', icon: ShoppingOutlined },
    { to: '/KeywordDouyinHot/industryHeight', icon: RiseOutlined },
    { to: '/KeywordDouyinHot/topicList', icon: TrophyOutlined },
    { to: '/KeywordDouyinHot/commerceHot', icon: ShopOutlined },
    { to: '/KeywordDouyinHot/industryLast', icon: TagsOutlined },
    { to: '/KeywordDouyinHot/topicSurge', icon: ThunderboltOutlined },
    { to: '/KeywordDouyinHot/commerceLast', icon: RocketOutlined },
    { to: '/DouyinKeywordSearchRank', icon: BarChartOutlined },
    { to: '/KeywordTSOList/ecoTopic', icon: ShopOutlined },
    { to: '/KeywordTSOList/creativeIdeaTopics', icon: BulbOutlined },
  ],
};

export const creatorSection: HomeSection = {
  key: 'creators',
  title: '达人与素材',
  subtitle: '找创作者、找对标、找选题',
  icon: TeamOutlined,
  accent: '#13c2c2',
  columns: 2,
  cards: [
    { to: '/personListLibrary', icon: TeamOutlined },
    { to: '/Competitors', icon: UserSwitchOutlined },
    { to: '/DouyinTopic', icon: AppstoreOutlined },
    { to: '/DouyinTopic/searchWord', icon: VideoCameraOutlined },
    { to: '/DouyinTopic/imgSearchWord', icon: PictureOutlined },
    { to: '/DouyinTopic/lowPowderPop', icon: RocketOutlined },
  ],
};

export const aiSection: HomeSection = {
  key: 'ai',
  title: 'AI 工具',
  subtitle: '从选词、文案到图文与直播复盘，让内容生产更高效',
  icon: RobotOutlined,
  accent: '#9254de',
  columns: 4,
  cards: [
    { to: '/CueWord', icon: SnippetsOutlined },
    { to: '/writing', icon: EditOutlined },
    { to: '/copyWriters', icon: FileTextOutlined },
    { to: '/DouyinVideoOcr', icon: FileSearchOutlined },
    { to: '/keyWordSeo', icon: AimOutlined },
    { to: '/keywordImg', icon: PictureOutlined },
    { to: '/simmind', icon: ApartmentOutlined },
    { to: '/AiLiveReplay', icon: PlaySquareOutlined },
  ],
};

export const monitorSection: HomeSection = {
  key: 'monitor',
  title: '监控',
  subtitle: '持续追踪作品与关键词排名',
  icon: DashboardOutlined,
  accent: '#3fb950',
  columns: 2,
  cards: [
    { to: '/dataMarketNew', icon: LineChartOutlined },
    { to: '/dataMarket', icon: FundViewOutlined },
    { to: '/keyWordDetailMonitor', icon: SolutionOutlined },
    { to: '/dailyPaper', icon: CalendarOutlined },
    { to: '/keyWordScreen', icon: FundProjectionScreenOutlined },
    { to: '/setting?type=detectiontDouyin', icon: EyeOutlined },
  ],
};
