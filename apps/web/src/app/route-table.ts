import { legalDocs, SANDBOX_CASHIER_PAGE } from '@dso/contract';
import type { ComponentType } from 'react';
import HomePage from '../features/home/pages/home-page';

/** Header tabs (000 §2.5); a route's `tab` decides which one is highlighted. */
export type HeaderTab = 'home' | 'keyword' | 'creator' | 'ai' | 'monitor' | 'agency';

type PageModule = { default: ComponentType };

export interface RouteMeta {
  /** React Router path, parameters included. */
  path: string;
  title: string;
  description: string;
  keywords: string;
  /** Routes of 000 §2.1: the guard opens the login dialog when there is no token. */
  needLogin: boolean;
  tab: HeaderTab | null;
  /** Named load event fired when the app container is scrolled to the end (000 §4). */
  infiniteScroll?: string;
  /** Breadcrumb shows only on keyword-detail pages (000 §2.4). */
  breadcrumb?: boolean;
  /** Layout variant (000 §2.4): setting pages, key pages, person-detail collect tabs. */
  layout?: 'setting' | 'key' | 'plain';
  /** The page component; routes whose feature is not built yet use the coming page. */
  page: () => Promise<PageModule>;
}

const coming = () => import('../features/coming/pages/coming-page');

const site = 'DSO';
const baseKeywords = '关键词搜索,短视频SEO,抖音关键词,小红书关键词,内容营销';

function route(
  path: string,
  title: string,
  description: string,
  options: Partial<Omit<RouteMeta, 'path' | 'title' | 'description'>> = {},
): RouteMeta {
  return {
    path,
    title: `${title} - ${site}`,
    description,
    keywords: options.keywords ?? `${title},${baseKeywords}`,
    needLogin: options.needLogin ?? false,
    tab: options.tab ?? null,
    page: options.page ?? coming,
    ...(options.infiniteScroll ? { infiniteScroll: options.infiniteScroll } : {}),
    ...(options.breadcrumb ? { breadcrumb: true } : {}),
    ...(options.layout ? { layout: options.layout } : {}),
  };
}

const login = { needLogin: true } as const;
const keywordDetail = { needLogin: true, tab: 'keyword', breadcrumb: true } as const;

/** Every route of 000 §2.1 and §2.2 plus the navigation targets of §2.3 and 002 §2. */
export const routeTable: RouteMeta[] = [
  // Open routes (000 §2.2)
  route('/', '首页', 'DSO 短视频关键词搜索与内容营销工作台：关键词库、热词榜单、创作者与素材库、AI 创作工具。', {
    tab: 'home',
    // The landing page ships in the entry chunk: a first visit paints it without waiting for the
    // entry to run, ask for the page's chunk and run that too (it was a quarter of the paint time).
    page: () => Promise.resolve({ default: HomePage }),
  }),
  route('/about', '关于我们', '了解 DSO 团队、产品与联系方式。', {
    page: () => import('../features/about/pages/about-page'),
  }),
  // Linked from every login form's agreement line and the footer (001 §2; docs/legal.md).
  route(
    legalDocs['user-agreement'].page,
    legalDocs['user-agreement'].title,
    'DSO 用户协议：账号、会员与付费服务、数据与内容的约定。',
    {
      page: () => import('../features/legal/pages/user-agreement-page'),
    },
  ),
  route(
    legalDocs['privacy-policy'].page,
    legalDocs['privacy-policy'].title,
    'DSO 隐私政策：收集哪些信息、为何收集、保存多久、交给谁处理，以及如何注销账号。',
    {
      page: () => import('../features/legal/pages/privacy-policy-page'),
    },
  ),
  route('/pages/home/bind', '账号绑定', '绑定您的 DSO 账号。', {
    page: () => import('../features/setting/pages/bind-page'),
  }),
  route('/404', '页面不存在', '您访问的页面不存在。', {
    page: () => import('../features/errors/pages/not-found-page'),
  }),
  route('/DouyinTopic/:tabVal?', '选题素材库', '视频选题、图文选题与低粉爆款素材。', {
    tab: 'creator',
    infiniteScroll: 'topicListLoad',
    page: () => import('../features/topics/pages/douyin-topic-page'),
  }),
  route('/KeywordDouyin/:tabVal?/:tabType?', '抖音关键词库', '抖音搜索词、电商词、行业词、下拉词与相关词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/keyword-library-page'),
  }),
  route('/KeywordXhs/:tabVal?/:tabType?', '小红书关键词库', '小红书搜索词、相关词、行业词与下拉词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/keyword-library-page'),
  }),
  route('/KeywordWSO/:tabVal?/:tabType?', '微信关键词库', '微信搜一搜搜索词、相关词、行业词与下拉词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/keyword-library-page'),
  }),
  route('/KeywordBSO/:tabVal?/:tabType?', 'B站关键词库', '哔哩哔哩搜索词、相关词与下拉词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/keyword-library-page'),
  }),
  route('/KeywordTSO/:tabVal?/:tabType?', 'TikTok关键词库', 'TikTok 各国家与地区的搜索词、相关词与下拉词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/keyword-library-page'),
  }),
  route('/KeywordKSO/:tabVal?/:tabType?', '快手关键词库', '快手搜索词、相关词、行业词与下拉词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/keyword-library-page'),
  }),
  route('/keyWordShareDetail', '关键词分享', '查看分享给您的关键词数据。', {
    tab: 'keyword',
    page: () => import('../features/keyword-detail/pages/keyword-share-page'),
  }),
  route('/copyWriters', 'AI文案', '根据关键词一键生成短视频文案。', {
    tab: 'ai',
    layout: 'key',
    page: () => import('../features/copywriters/pages/copywriters-page'),
  }),
  route('/keyWordSeo', 'AI选词', '输入核心词，AI 帮您挑选高价值蓝海词。', {
    tab: 'ai',
    page: () => import('../features/keywords/pages/keyword-seo-page'),
  }),
  route('/CueWord', 'AI创作', '按模板生成标题、脚本与笔记。', {
    tab: 'ai',
    page: () => import('../features/writing/pages/cue-word-page'),
  }),
  route('/writing', 'AI写作', '使用所选写作模板进行 AI 创作。', {
    tab: 'ai',
    page: () => import('../features/writing/pages/writing-page'),
  }),
  route('/DouyinVideoOcr', '视频文案提取', '粘贴视频链接，提取视频口播文案。', {
    tab: 'ai',
    page: () => import('../features/extraction/pages/douyin-video-ocr-page'),
  }),
  route('/CueWordHistory', '创作历史', '查看您的 AI 创作记录。', {
    tab: 'ai',
    page: () => import('../features/writing/pages/cue-word-history-page'),
  }),
  route('/distribution', '代运营服务', '专业团队为您提供短视频代运营服务。', {
    tab: 'agency',
    page: () => import('../features/publishing/pages/distribution-page'),
  }),
  route('/douYinSendAuthorization', '抖音发布授权', '授权抖音账号以便一键发布作品。', {
    tab: 'ai',
    page: () => import('../features/publishing/pages/authorization-page'),
  }),
  route('/pay', '开通会员', '选择适合您的会员版本，解锁更多数据与功能。', {
    page: () => import('../features/orders/pages/pay-page'),
  }),
  // The sandbox pay QR's cashier (development and test installations; docs/orders.md). A page of the
  // app so that it acts with the buyer's session; it refuses visitors and other accounts itself.
  route(SANDBOX_CASHIER_PAGE, '沙箱收银台', '模拟支付宝与微信支付的收银台，仅用于开发与测试。', {
    layout: 'plain',
    page: () => import('../features/orders/pages/sandbox-cashier-page'),
  }),
  route('/KeywordDouyinHot/:tabVal?', '抖音热词榜单', '蓝海词、行业热词、电商热卖词、话题飙升等九大榜单。', {
    tab: 'keyword',
    infiniteScroll: 'hotListLoad',
    page: () => import('../features/keyword-boards/pages/keyword-boards-page'),
  }),
  route('/KeywordTSOList/:tabVal?', 'TikTok话题榜', 'TikTok 电商话题与创意灵感话题。', {
    tab: 'keyword',
    page: () => import('../features/keywords/pages/tso-topic-list-page'),
  }),
  route('/DouyinKeywordSearchRank', '搜索排名查询', '查询关键词下作品的搜索排名。', {
    tab: 'keyword',
    page: () => import('../features/topics/pages/keyword-rank-page'),
  }),
  route('/personListLibrary/:tabVal?', '达人库', '按领域、粉丝量与带货能力查找创作者。', {
    tab: 'creator',
    infiniteScroll: 'personListLoad',
    page: () => import('../features/creators/pages/creator-library-page'),
  }),
  route('/Competitors', '找对标', '输入账号或关键词，发现同领域的对标账号。', {
    tab: 'creator',
    infiniteScroll: 'competitorListLoad',
    page: () => import('../features/creators/pages/competitors-page'),
  }),
  // Routes that need login (000 §2.1)
  route('/dataMarket', '数据看板（旧版）', '旧版作品排名监控看板。', {
    ...login,
    tab: 'monitor',
    page: () => import('../features/monitoring/pages/data-market-page'),
  }),
  route('/dailyPaper', '数据日报', '每日监控数据汇总。', {
    ...login,
    tab: 'monitor',
    page: () => import('../features/monitoring/pages/daily-paper-page'),
  }),
  route('/keyWordDetailMonitor', '关键词排名监控', '关键词下作品排名的监控详情。', {
    ...login,
    tab: 'monitor',
    page: () => import('../features/monitoring/pages/keyword-detail-monitor-page'),
  }),
  route('/dataMarketNew', '作品排名监控', '监控作品在关键词下的排名变化。', {
    ...login,
    tab: 'monitor',
    page: () => import('../features/monitoring/pages/data-market-new-page'),
  }),
  route('/keyWordDetail/:tabVal?', '抖音关键词详情', '抖音关键词的搜索趋势、竞争分析、相关词与人群画像。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/keyword-detail-page'),
  }),
  route('/RsoKeyWordDetail/:tabVal?', '小红书关键词详情', '小红书关键词的趋势、竞争与相关词。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/keyword-detail-page'),
  }),
  route('/WsoKeyWordDetail/:tabVal?', '微信关键词详情', '微信搜一搜关键词的趋势、竞争与相关词。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/keyword-detail-page'),
  }),
  route('/BsoKeyWordDetail/:tabVal?', 'B站关键词详情', '哔哩哔哩关键词的趋势、竞争与相关词。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/keyword-detail-page'),
  }),
  route('/TsoKeyWordDetail/:tabVal?', 'TikTok关键词详情', 'TikTok 关键词的趋势、竞争与相关词。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/keyword-detail-page'),
  }),
  route('/TsoKeyWordTopicDetail/:tabVal?', 'TikTok话题详情', 'TikTok 话题的趋势与相关作品。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/tso-topic-detail-page'),
  }),
  route('/KsoKeyWordDetail/:tabVal?', '快手关键词详情', '快手关键词的趋势、竞争与相关词。', {
    ...keywordDetail,
    page: () => import('../features/keyword-detail/pages/keyword-detail-page'),
  }),
  route('/simmind', '关键词思维导图', '以思维导图展开关键词的相关词与长尾词。', {
    ...login,
    tab: 'ai',
    layout: 'key',
    page: () => import('../features/mind-map/pages/simmind-page'),
  }),
  route('/keywordImg', 'AI图文', '根据关键词生成图文笔记。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/image-text/pages/keyword-img-page'),
  }),
  route('/keywordImgDetails', 'AI图文详情', '查看与编辑生成的图文作品。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/image-text/pages/keyword-img-details-page'),
  }),
  route('/keywordImgsV2', 'AI图文批量创作', '批量生成图文作品。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/image-text/pages/keyword-imgs-v2-page'),
  }),
  route('/keywordImgHistory/:tabVal?', 'AI图文历史', '查看生成过的图文作品。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/image-text/pages/keyword-img-history-page'),
  }),
  route('/liveReplay/:liveId', '直播复盘详情', '单场直播的复盘分析。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/live-replay/pages/live-replay-page'),
  }),
  route('/AiLiveReplay', 'AI直播复盘', '上传直播录像，AI 生成复盘报告。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/live-replay/pages/ai-live-replay-page'),
  }),
  route('/AiLiveReplayHistory', '直播复盘历史', '查看您的直播复盘记录。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/live-replay/pages/ai-live-replay-history-page'),
  }),
  route('/oneSend', '一键发布', '将作品一键发布到已授权账号。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/publishing/pages/one-send-page'),
  }),
  route('/oneSendAuthorization', '发布账号授权', '管理一键发布所用的授权账号。', {
    ...login,
    tab: 'ai',
    page: () => import('../features/publishing/pages/authorization-page'),
  }),
  route('/setting', '个人中心', '账号信息、关键词监控、我的收藏、我的订单与账号授权。', {
    ...login,
    layout: 'setting',
    page: () => import('../features/setting/pages/setting-page'),
  }),
  route('/person/detail/:userid/:tabVal?', '达人详情', '创作者的作品、粉丝画像与数据趋势。', {
    ...login,
    tab: 'creator',
    page: () => import('../features/creators/pages/creator-detail-page'),
  }),
  route('/keyWordScreen', '关键词数据大屏', '关键词监控数据大屏展示。', {
    ...login,
    tab: 'monitor',
    layout: 'plain',
    page: () => import('../features/monitoring/pages/keyword-screen-page'),
  }),
  // Navigation targets named in menus and detail actions (000 §2.3, 002 §2)
  route('/videoDetail/:id', '视频详情', '视频数据、相关关键词、评论与观众画像。', {
    page: () => import('../features/videos/pages/video-detail-page'),
  }),
  route('/livegoods/detail/:id', '直播商品详情', '直播间商品的销售数据。', {
    page: () => import('../features/live/pages/live-goods-page'),
  }),
  route('/live_studio', '直播间', '直播间实时数据。', {
    layout: 'plain',
    page: () => import('../features/live/pages/live-studio-page'),
  }),
  route('/live_screen', '直播大屏', '直播数据大屏。', {
    layout: 'plain',
    page: () => import('../features/live/pages/live-screen-page'),
  }),
  route('/setImg', '图文设置', '设置图文作品的模板与样式。', {
    tab: 'ai',
    page: () => import('../features/image-text/pages/set-img-page'),
  }),
  route('/DouyinSugKeyword', '抖音下拉词', '抖音搜索框下拉联想词。', {
    tab: 'keyword',
    layout: 'key',
    page: () => import('../features/keywords/pages/douyin-sug-keyword-page'),
  }),
  route('/personList', '达人榜', '各领域创作者排行。', {
    tab: 'creator',
    layout: 'key',
    page: () => import('../features/creators/pages/creator-board-page'),
  }),
  // The operator's console (docs/console.md): staff only, with its own login, menu and pages under /admin.
  route('/admin/*', '运营后台', '仅限员工。', {
    layout: 'plain',
    page: () => import('../features/console/console-route').then((route) => route.loadConsolePage()),
  }),
];

/** Routes whose page is built; every other route shows the coming page (listed in the README). */
export function isComingRoute(meta: RouteMeta): boolean {
  return meta.page === coming;
}
