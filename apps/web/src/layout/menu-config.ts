import type { HeaderTab } from '../app/route-table';

/**
 * Sites outside this app (000 §2.3). They differ per deployment, so they live here in one place
 * rather than in the components that link to them.
 */
export const externalSites = {
  /** AI question-answer and extraction site; token and uid are appended for logged-in users. */
  aiSite: 'https://ai.dsoseo.cn',
  /** Live-stream replay tool. */
  liveReplayTool: 'https://live.dsoseo.cn',
  /** Agency (代运营) service site, opened from the header tab. */
  agency: 'https://agency.dsoseo.cn',
} as const;

/** One entry of a header hover menu: a name with a one-line description (000 §2.5). */
export interface MenuEntry {
  name: string;
  description: string;
  /** An app path, or an absolute URL when `external` is set. */
  to: string;
  /** Opens in a new tab; 'withSession' appends token and uid for logged-in users. */
  external?: 'plain' | 'withSession';
  /** Shows the NEW tag. */
  isNew?: boolean;
  /** Marked login-needed in the menus (000 §2.2): visitors get the login dialog instead. */
  needLogin?: boolean;
  /** Shown only while the old-version (market old data) flag is on (000 §6). */
  oldVersionOnly?: boolean;
}

export interface MenuColumn {
  title: string;
  entries: MenuEntry[];
}

export interface HeaderTabConfig {
  tab: HeaderTab;
  label: string;
  /** Where clicking the tab itself goes. */
  to: string;
  external?: boolean;
  /** Columns of the hover menu; tabs without one have no menu. */
  columns?: MenuColumn[];
}

/** Library tabs shared by the platforms (000 §2.3); each platform has some of them. */
type LibraryTab = 'searchWord' | 'commerce' | 'industryWord' | 'sugWord' | 'correlationWord';

function libraryEntries(root: string, platform: string, tabs: LibraryTab[]): MenuEntry[] {
  const names: Record<LibraryTab, [name: string, description: string]> = {
    searchWord: ['搜索词', `${platform}用户真实搜索的词`],
    commerce: ['电商词', '带货与商品相关的搜索词'],
    industryWord: ['行业词', '按行业细分的核心词'],
    sugWord: ['下拉词', '搜索框下拉联想词'],
    correlationWord: ['相关词', '围绕核心词拓展的词'],
  };
  return tabs.map((tab) => ({ name: names[tab][0], description: names[tab][1], to: `${root}/${tab}` }));
}

const keywordColumns: MenuColumn[] = [
  {
    title: '抖音关键词',
    entries: [
      ...libraryEntries('/KeywordDouyin', '抖音', [
        'searchWord',
        'commerce',
        'industryWord',
        'sugWord',
        'correlationWord',
      ]),
      { name: '搜索排名查询', description: '查作品在关键词下的排名', to: '/DouyinKeywordSearchRank', isNew: true },
    ],
  },
  {
    title: '抖音热词榜',
    entries: [
      { name: '蓝海词', description: '搜索多、竞争少的机会词', to: '/KeywordDouyinHot/blue' },
      { name: '行业热词', description: '各行业当下的热搜词', to: '/KeywordDouyinHot/industryHot' },
      { name: '电商热卖词', description: '带货转化好的热卖词', to: '/KeywordDouyinHot/commerceHotSell' },
      { name: '行业高增长词', description: '搜索量快速上涨的词', to: '/KeywordDouyinHot/industryHeight' },
      { name: '话题榜', description: '热门话题排行', to: '/KeywordDouyinHot/topicList' },
      { name: '电商热词', description: '电商领域的热搜词', to: '/KeywordDouyinHot/commerceHot' },
      { name: '行业新词', description: '行业里新出现的搜索词', to: '/KeywordDouyinHot/industryLast' },
      { name: '话题飙升', description: '热度快速上升的话题', to: '/KeywordDouyinHot/topicSurge' },
      { name: '电商新词', description: '电商领域新出现的词', to: '/KeywordDouyinHot/commerceLast' },
    ],
  },
  {
    title: '小红书关键词',
    entries: libraryEntries('/KeywordXhs', '小红书', ['searchWord', 'correlationWord', 'industryWord', 'sugWord']),
  },
  {
    title: '微信关键词',
    entries: libraryEntries('/KeywordWSO', '微信', ['searchWord', 'correlationWord', 'industryWord', 'sugWord']),
  },
  { title: 'B站关键词', entries: libraryEntries('/KeywordBSO', 'B站', ['searchWord', 'correlationWord', 'sugWord']) },
  {
    title: '快手关键词',
    entries: libraryEntries('/KeywordKSO', '快手', ['searchWord', 'correlationWord', 'industryWord', 'sugWord']),
  },
  {
    title: 'TikTok关键词',
    entries: [
      ...libraryEntries('/KeywordTSO', 'TikTok', ['searchWord', 'correlationWord', 'sugWord']),
      { name: '电商话题', description: 'TikTok 带货热门话题', to: '/KeywordTSOList/ecoTopic' },
      {
        name: '创意灵感话题',
        description: '爆款创意与选题灵感',
        to: '/KeywordTSOList/creativeIdeaTopics',
        isNew: true,
      },
    ],
  },
];

const creatorColumns: MenuColumn[] = [
  {
    title: '达人',
    entries: [
      { name: '达人库', description: '按领域与粉丝量找创作者', to: '/personListLibrary' },
      { name: '找对标', description: '发现同领域的对标账号', to: '/Competitors' },
    ],
  },
  {
    title: '选题素材',
    entries: [
      { name: '选题素材库', description: '热门选题与爆款素材', to: '/DouyinTopic' },
      { name: '视频选题', description: '按关键词找视频选题', to: '/DouyinTopic/searchWord' },
      { name: '图文选题', description: '按关键词找图文选题', to: '/DouyinTopic/imgSearchWord' },
      { name: '低粉爆款', description: '小账号也能爆的内容', to: '/DouyinTopic/lowPowderPop', isNew: true },
    ],
  },
];

const aiColumns: MenuColumn[] = [
  {
    title: 'AI 创作',
    entries: [
      { name: 'AI创作', description: '按模板生成标题、脚本与笔记', to: '/CueWord' },
      { name: 'AI写作', description: '选择写作模板一键成文', to: '/writing' },
      { name: 'AI文案', description: '根据关键词生成视频文案', to: '/copyWriters' },
      { name: '视频文案提取', description: '粘贴链接提取口播文案', to: '/DouyinVideoOcr' },
    ],
  },
  {
    title: 'AI 选词与图文',
    entries: [
      { name: 'AI选词', description: 'AI 帮您挑选高价值蓝海词', to: '/keyWordSeo', needLogin: true, isNew: true },
      { name: 'AI图文', description: '根据关键词生成图文笔记', to: '/keywordImg', needLogin: true },
      { name: '关键词思维导图', description: '以导图展开相关词与长尾词', to: '/simmind' },
    ],
  },
  {
    title: '直播与问答',
    entries: [
      { name: 'AI直播复盘', description: '上传录像生成复盘报告', to: '/AiLiveReplay', needLogin: true, isNew: true },
      { name: '直播复盘工具', description: '直播数据实时复盘', to: externalSites.liveReplayTool, external: 'plain' },
      { name: 'AI问答与提取', description: '问答、提取一站完成', to: externalSites.aiSite, external: 'withSession' },
    ],
  },
];

const monitorColumns: MenuColumn[] = [
  {
    title: '排名监控',
    entries: [
      { name: '作品排名监控', description: '监控作品在关键词下的排名', to: '/dataMarketNew', isNew: true },
      { name: '数据看板（旧版）', description: '旧版作品排名监控看板', to: '/dataMarket', oldVersionOnly: true },
      { name: '关键词排名监控', description: '关键词下作品排名详情', to: '/keyWordDetailMonitor' },
      { name: '我的监控词', description: '管理已监控的关键词', to: '/setting?type=detectiontDouyin' },
    ],
  },
  {
    title: '数据报表',
    entries: [
      { name: '数据日报', description: '每日监控数据汇总', to: '/dailyPaper' },
      { name: '关键词数据大屏', description: '监控数据大屏展示', to: '/keyWordScreen' },
    ],
  },
];

/** The six header tabs of 000 §2.5, with the hover menus of the keyword, creator, AI and monitoring tabs. */
export const headerTabs: HeaderTabConfig[] = [
  { tab: 'home', label: '首页', to: '/' },
  { tab: 'keyword', label: '关键词', to: '/KeywordDouyin/searchWord', columns: keywordColumns },
  { tab: 'creator', label: '达人与素材', to: '/personListLibrary', columns: creatorColumns },
  { tab: 'ai', label: 'AI工具', to: '/CueWord', columns: aiColumns },
  { tab: 'monitor', label: '监控', to: '/dataMarketNew', columns: monitorColumns },
  { tab: 'agency', label: '代运营', to: externalSites.agency, external: true },
];

/** A tab's menu columns without the entries the current flags hide. */
export function visibleColumns(columns: MenuColumn[], showOldVersion: boolean): MenuColumn[] {
  return columns.map((column) => ({
    ...column,
    entries: column.entries.filter((entry) => showOldVersion || !entry.oldVersionOnly),
  }));
}

/** Every menu entry, for pages that present the same destinations (the home workbench). */
export const allMenuEntries: MenuEntry[] = headerTabs.flatMap((tab) =>
  (tab.columns ?? []).flatMap((column) => column.entries),
);

/** The menu entry of a path; throws so a renamed path fails at once instead of showing a blank card. */
export function menuEntry(to: string): MenuEntry {
  const entry = allMenuEntries.find((candidate) => candidate.to === to);
  if (!entry) throw new Error(`No menu entry for ${to}`);
  return entry;
}

/** The URL of an external entry: the AI site receives the session so the user arrives logged in. */
export function externalHref(entry: MenuEntry, session: { token: string | null; uid: string | null }): string {
  if (entry.external !== 'withSession' || !session.token) return entry.to;
  const url = new URL(entry.to);
  url.searchParams.set('token', session.token);
  if (session.uid) url.searchParams.set('uid', session.uid);
  return url.toString();
}
