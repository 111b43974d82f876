import { z } from 'zod';
import { creatorListQuerySchema, creatorListSchema, creatorProfileQuerySchema, creatorProfileSchema } from './creators';
import {
  boardListSchema,
  boardQuerySchema,
  keywordDetailSchema,
  keywordRefQuerySchema,
  keywordTrendQuerySchema,
  keywordTrendSchema,
  relatedListSchema,
  relatedQuerySchema,
} from './keyword-details';
import { keywordListSchema, searchKeywordsBodySchema, suggestionsQuerySchema } from './keywords';
import { monitorListQuerySchema, monitorListSchema } from './monitoring';
import { videoDetailQuerySchema, videoDetailSchema, videoListSchema, videoSearchQuerySchema } from './videos';

/**
 * The open API: the product's own calls for programs, under `/open/v1`, authenticated by
 * `Authorization: Bearer <API 密钥>` instead of the browser's signing and session. Answers are the same
 * envelope `{ code, msg, data }` with the same code catalogue; every call spends API units from the
 * key owner's daily allowance (a failed call costs nothing). The request schemas are the web's own
 * (the same body as the web's keyword search, and so on), so the grade's depth limits apply as on the web.
 *
 * `openEndpoints` is the one table of the open routes: the server registers a route for each entry, the
 * OpenAPI document and its reference page are generated from it, and the MCP tools call the same functions.
 */

export const OPEN_API_PREFIX = '/open/v1';

/** The paths of the open API. */
export const OpenPath = {
  keywordSearch: `${OPEN_API_PREFIX}/keywords/search`,
  keywordDetail: `${OPEN_API_PREFIX}/keywords/detail`,
  keywordTrend: `${OPEN_API_PREFIX}/keywords/trend`,
  keywordRelated: `${OPEN_API_PREFIX}/keywords/related`,
  keywordBoard: `${OPEN_API_PREFIX}/keywords/boards`,
  keywordSuggestions: `${OPEN_API_PREFIX}/keywords/suggestions`,
  videoSearch: `${OPEN_API_PREFIX}/videos/search`,
  videoDetail: `${OPEN_API_PREFIX}/videos/detail`,
  creatorSearch: `${OPEN_API_PREFIX}/creators/search`,
  creatorProfile: `${OPEN_API_PREFIX}/creators/profile`,
  monitorRanks: `${OPEN_API_PREFIX}/monitoring/ranks`,
  /** The OpenAPI 3.1 document itself (no key needed). */
  document: `${OPEN_API_PREFIX}/openapi.json`,
  /** The reference page in Chinese, rendered from the document (no key needed). */
  reference: `${OPEN_API_PREFIX}/docs`,
} as const;

/** The platforms whose search box offers suggestions (DSO 抖音, RSO 小红书, BSO B站). */
export const openSuggestionPlatformSchema = z.enum(['DSO', 'RSO', 'BSO']);

/** `GET suggestions`: the web's suggestion query with the platform as a parameter (the web has a path per platform). */
export const openSuggestionsQuerySchema = suggestionsQuerySchema.extend({
  platform: openSuggestionPlatformSchema.default('DSO'),
});
export type OpenSuggestionsQuery = z.infer<typeof openSuggestionsQuerySchema>;

/** Up to 10 library keywords starting with the typed text, most searched first. */
export const openSuggestionsSchema = z.array(z.string());

/** `GET monitoring/ranks`: the member's own monitored keywords (the web's list without its example view). */
export const openMonitorRanksQuerySchema = monitorListQuerySchema.omit({ type: true });
export type OpenMonitorRanksQuery = z.infer<typeof openMonitorRanksQuerySchema>;

/** The name of one open endpoint (also the MCP side's name for the same call). */
export type OpenEndpointName =
  | 'keywordSearch'
  | 'keywordDetail'
  | 'keywordTrend'
  | 'keywordRelated'
  | 'keywordBoard'
  | 'keywordSuggestions'
  | 'videoSearch'
  | 'videoDetail'
  | 'creatorSearch'
  | 'creatorProfile'
  | 'monitorRanks';

/** One open endpoint: where it answers, what it costs and what it takes and gives. */
export interface OpenEndpoint {
  name: OpenEndpointName;
  method: 'GET' | 'POST';
  path: string;
  /** API units one successful call spends. */
  units: number;
  /** Short Chinese title (the document's summary, the reference page's heading). */
  summary: string;
  /** Chinese description for the document and the reference page. */
  description: string;
  /** The request schema: the query string of a GET, the JSON body of a POST. */
  input: z.ZodObject;
  /** The envelope's `data` on success. */
  data: z.ZodType;
  /** A request that works against the demo library (the document's example and the page's curl call). */
  example: Record<string, unknown>;
}

const defineEndpoints = <const T extends Record<OpenEndpointName, Omit<OpenEndpoint, 'name'>>>(table: T) =>
  Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, { name, ...entry }])) as unknown as {
    [K in keyof T]: T[K] & { name: K };
  };

/**
 * The open endpoints and their units: 1 for a list, more for a keyword's detail and trend (they are
 * also counted as a detail open, like the web page) and for a video's or creator's full record.
 */
export const openEndpoints = defineEndpoints({
  keywordSearch: {
    method: 'POST',
    path: OpenPath.keywordSearch,
    units: 1,
    summary: '关键词搜索',
    description:
      '在关键词库中按关键词（或最多5个关键词）搜索，支持筛选（搜索指数、竞争度、行业等）、排序和分页。请求体与网页端关键词搜索相同；可见行数与数据精度取决于密钥所属账号的会员等级。',
    input: searchKeywordsBodySchema,
    data: keywordListSchema,
    example: { platform: 'DSO', keyword: '美食', sort: 'search_index', order: 'desc', page_no: 1, page_size: 20 },
  },
  keywordDetail: {
    method: 'GET',
    path: OpenPath.keywordDetail,
    units: 5,
    summary: '关键词详情',
    description:
      '一个关键词的详情：核心指标、近30天趋势、竞争分析和各平台对比。与网页端打开关键词详情一样计入当日的详情查看次数（当日再次查看同一关键词不重复计）。',
    input: keywordRefQuerySchema,
    data: keywordDetailSchema,
    example: { platform: 'DSO', keyword: '美食' },
  },
  keywordTrend: {
    method: 'GET',
    path: OpenPath.keywordTrend,
    units: 5,
    summary: '关键词趋势',
    description:
      '关键词搜索指数的每日趋势，可选最近7/30/90天（days）或起止日期（start、end，两者同时提供）。可查询的时间范围取决于会员等级。',
    input: keywordTrendQuerySchema,
    data: keywordTrendSchema.nullable(),
    example: { platform: 'DSO', keyword: '美食', days: 30 },
  },
  keywordRelated: {
    method: 'GET',
    path: OpenPath.keywordRelated,
    units: 1,
    summary: '相关词',
    description:
      '关键词的相关词，relation 取值：sug（下拉词）、correlation（相关词）、industry（行业词）、root（词根）。每行带有关联强度（0–100）。',
    input: relatedQuerySchema,
    data: relatedListSchema,
    example: { platform: 'DSO', keyword: '美食', relation: 'correlation', page_no: 1, page_size: 20 },
  },
  keywordBoard: {
    method: 'GET',
    path: OpenPath.keywordBoard,
    units: 1,
    summary: '热词榜单',
    description: '关键词榜单（如飙升榜、热搜榜），可按行业筛选，每行带排名和排名变化。',
    input: boardQuerySchema,
    data: boardListSchema,
    example: { board: 'industryHot', platform: 'DSO', page_no: 1, page_size: 20 },
  },
  keywordSuggestions: {
    method: 'GET',
    path: OpenPath.keywordSuggestions,
    units: 1,
    summary: '搜索联想',
    description:
      '以输入文字开头的关键词，最多10个，按搜索指数从高到低；platform 可选 DSO（抖音）、RSO（小红书）、BSO（B站）。',
    input: openSuggestionsQuerySchema,
    data: openSuggestionsSchema,
    example: { platform: 'DSO', keyword: '美食' },
  },
  videoSearch: {
    method: 'GET',
    path: OpenPath.videoSearch,
    units: 1,
    summary: '视频搜索',
    description: '按标题文字搜索视频库，可按点赞、评论、分享等排序并分页；可见行数取决于会员等级。',
    input: videoSearchQuerySchema,
    data: videoListSchema,
    example: { keyword: '美食', sort: 'good_count', page_no: 1, page_size: 20 },
  },
  videoDetail: {
    method: 'GET',
    path: OpenPath.videoDetail,
    units: 3,
    summary: '视频详情',
    description: '一个视频（awemeId）的详情：标题、标签、评分、播放/点赞/评论/分享数据和作者。',
    input: videoDetailQuerySchema,
    data: videoDetailSchema,
    example: { awemeId: '7300000000000000001' },
  },
  creatorSearch: {
    method: 'GET',
    path: OpenPath.creatorSearch,
    units: 1,
    summary: '达人查询',
    description: '按昵称或抖音号查找达人，可按领域、粉丝量级、地区和是否带货筛选，按粉丝数等排序。',
    input: creatorListQuerySchema,
    data: creatorListSchema,
    example: { keyword: '美食', sort: 'total_follower_count', page_no: 1, page_size: 20 },
  },
  creatorProfile: {
    method: 'GET',
    path: OpenPath.creatorProfile,
    units: 3,
    summary: '达人资料',
    description: '一个达人（userId）的资料：粉丝、获赞、作品数、平均互动和达人分级。',
    input: creatorProfileQuerySchema,
    data: creatorProfileSchema,
    example: { userId: 'MS4wLjABAAAAdso12340' },
  },
  monitorRanks: {
    method: 'GET',
    path: OpenPath.monitorRanks,
    units: 1,
    summary: '我的排名监控',
    description: '密钥所属账号监控的关键词及作品排名（最近几天的名次），可按关键词筛选并分页。',
    input: openMonitorRanksQuerySchema,
    data: monitorListSchema,
    example: { page_no: 1, page_size: 20 },
  },
});

/** Every open endpoint, in the order of the document and the reference page. */
export const openEndpointList: OpenEndpoint[] = Object.values(openEndpoints);
