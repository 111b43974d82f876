import {
  type BoardList,
  boardKindSchema,
  boardTitles,
  countryCodeSchema,
  creatorSortSchema,
  type KeywordDetail,
  keywordSortFieldSchema,
  keywordTextSchema,
  type MonitorList,
  type OpenEndpointName,
  platformSchema,
  relationKindSchema,
  requiredKeywordSchema,
  videoSortSchema,
} from '@dso/contract';
import { sizeClassCodes } from '@dso/domain';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ApiCaller } from '../api-keys';
import { runOpenCall } from '../open-api';
import {
  creatorSearchAnswer,
  hotBoardAnswer,
  keywordDetailAnswer,
  keywordSearchAnswer,
  monitorRanksAnswer,
  type PageLink,
  relatedKeywordsAnswer,
  relationNames,
  TOP_ROWS,
  type ToolAnswer,
  videoSearchAnswer,
} from './mcp-answers';

/*
 * The MCP tools: each is one open call of the open-api feature (the function the `/open/v1` route calls,
 * with the same units), asked for the first {@link TOP_ROWS} rows, and its answer made short for a model's context.
 * The arguments are the few an assistant needs, described in Chinese; the open call's own schema checks them again.
 */

/** What a tool's call has: the database, who is calling with which key, and the site's pages. */
export interface ToolContext {
  db: Database;
  caller: ApiCaller;
  link: PageLink;
}

export interface McpTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** The protocol name (ASCII, as clients require); the Chinese name is the title. */
  name: string;
  title: string;
  description: string;
  input: z.ZodObject<Shape>;
  /** The open endpoint whose function the tool calls (and whose units it spends). */
  endpoint: OpenEndpointName;
  run(context: ToolContext, input: z.output<z.ZodObject<Shape>>): Promise<ToolAnswer>;
}

/** Runs the tool's open call with `raw` input; the answer is the endpoint's data. */
function call<T>(context: ToolContext, endpoint: OpenEndpointName, raw: Record<string, unknown>): Promise<T> {
  return runOpenCall(context.db, context.caller, endpoint, raw) as Promise<T>;
}

const platform = platformSchema
  .default('DSO')
  .describe('关键词库：DSO 抖音（默认）、RSO 小红书、WSO 微信、BSO B站、KSO 快手、TSO TikTok');
const country = countryCodeSchema.optional().describe('仅 TSO（TikTok）使用：国家或地区的两位大写代码，默认 US');
const keyword = requiredKeywordSchema.describe('关键词，最多30个字符');

const defineTool = <Shape extends z.ZodRawShape>(tool: McpTool<Shape>) => tool as unknown as McpTool;

/**
 * A tool over a paged list endpoint: it asks for the first {@link TOP_ROWS} rows with the tool's input (or what
 * `params` makes of it) and answers from that list.
 */
function defineListTool<Shape extends z.ZodRawShape, List>(
  tool: Omit<McpTool<Shape>, 'run'> & {
    params?: (input: z.output<z.ZodObject<Shape>>) => Record<string, unknown>;
    answer: (list: List, input: z.output<z.ZodObject<Shape>>, link: PageLink) => ToolAnswer;
  },
): McpTool {
  const { params = (input) => input, answer, ...rest } = tool;
  return defineTool<Shape>({
    ...rest,
    async run(context, input) {
      const list = await call<List>(context, rest.endpoint, { ...params(input), page_no: 1, page_size: TOP_ROWS });
      return answer(list, input, context.link);
    },
  });
}

export const mcpTools: McpTool[] = [
  defineListTool({
    name: 'keyword_search',
    title: '关键词搜索',
    description: `在 DSO 关键词库中搜索包含某个词的关键词，返回前${TOP_ROWS}个及其搜索指数、月覆盖人次、相关作品数、竞争度（1–4星）和7日增长，附关键词详情页链接。可按指标排序。数据精度与可见行数取决于 API 密钥所属账号的会员等级。`,
    input: z.object({
      keyword,
      platform,
      country,
      sort: keywordSortFieldSchema
        .default('search_index')
        .describe(
          '排序字段：search_index 搜索指数（默认）、month_cover_count 月覆盖人次、competition 竞争度、related_work_count 相关作品数、growth_rate 7日增长、first_seen 收录日期',
        ),
      order: z.enum(['desc', 'asc']).default('desc').describe('desc 从高到低（默认），asc 从低到高'),
      blue_ocean: z.boolean().optional().describe('为 true 时只看蓝海词'),
    }),
    endpoint: 'keywordSearch',
    params: (input) => ({
      platform: input.platform,
      country: input.country,
      keyword: input.keyword,
      sort: input.sort,
      order: input.order,
      filters: input.blue_ocean === undefined ? {} : { blue_ocean: input.blue_ocean },
    }),
    answer: keywordSearchAnswer,
  }),
  defineTool({
    name: 'keyword_detail',
    title: '关键词详情',
    description:
      '一个关键词的详情：搜索指数、月覆盖人次、相关作品数、7日增长、竞争度分析、近30天趋势的最新值和其他平台的搜索指数，附详情页链接。与网页端打开关键词详情一样计入当日详情查看次数。',
    input: z.object({ keyword, platform, country }),
    endpoint: 'keywordDetail',
    async run(context, input) {
      const detail = await call<KeywordDetail>(context, 'keywordDetail', input);
      return keywordDetailAnswer(detail, context.link);
    },
  }),
  defineListTool({
    name: 'related_keywords',
    title: '相关词',
    description: `一个关键词的相关词，返回前${TOP_ROWS}个及其关联强度（0–100）和核心指标。relation 选择类型：${Object.entries(
      relationNames,
    )
      .map(([kind, name]) => `${kind} ${name}`)
      .join('、')}。`,
    input: z.object({
      keyword,
      platform,
      country,
      relation: relationKindSchema
        .default('correlation')
        .describe('相关词类型：sug 下拉词、correlation 相关词（默认）、industry 行业词、root 词根'),
    }),
    endpoint: 'keywordRelated',
    answer: relatedKeywordsAnswer,
  }),
  defineListTool({
    name: 'hot_board',
    title: '热词榜单',
    description: `抖音热词榜单的前${TOP_ROWS}名，每名带排名变化和核心指标，附榜单页链接。board 选择榜单：${Object.entries(
      boardTitles,
    )
      .map(([board, title]) => `${board} ${title}`)
      .join('、')}。`,
    input: z.object({
      board: boardKindSchema.default('industryHot').describe('榜单，默认 industryHot 行业热词榜'),
      industry: z.string().trim().max(32).optional().describe('只看一个行业，如 美食、美妆'),
    }),
    endpoint: 'keywordBoard',
    params: (input) => ({ board: input.board, industry: input.industry, platform: 'DSO' }),
    answer: (board: BoardList, _input, link) => hotBoardAnswer(board, link),
  }),
  defineListTool({
    name: 'video_search',
    title: '视频搜索',
    description: `按标题文字搜索抖音视频库，返回前${TOP_ROWS}个视频的作者、点赞、评论、分享、收藏和发布日期，附视频详情页链接。`,
    input: z.object({
      keyword: keyword.describe('标题中包含的文字，最多30个字符'),
      sort: videoSortSchema.default('good_count').describe('good_count 点赞最多（默认），create_time 最新发布'),
    }),
    endpoint: 'videoSearch',
    answer: videoSearchAnswer,
  }),
  defineListTool({
    name: 'creator_search',
    title: '达人查询',
    description: `按昵称或抖音号查找抖音达人，可按领域、粉丝量级、地区和是否带货筛选；返回前${TOP_ROWS}个达人的粉丝数、近30天涨粉、获赞和作品数，附达人详情页链接。`,
    input: z.object({
      keyword: keywordTextSchema.optional().describe('昵称或抖音号中的文字，最多30个字符；不填则按排序列出'),
      field: z.string().trim().max(32).optional().describe('领域，如 美食餐饮、美妆护肤'),
      size_class: z
        .enum(sizeClassCodes)
        .optional()
        .describe('粉丝量级：tail 尾部（1万以下）、small 小达人、mid 腰部、shoulder 肩部、head 头部（500万以上）'),
      province: z.string().trim().max(16).optional().describe('省份，如 广东'),
      is_commerce: z.boolean().optional().describe('为 true 时只看带货达人'),
      sort: creatorSortSchema
        .default('total_follower_count')
        .describe(
          'total_follower_count 粉丝最多（默认）、total_favorited 获赞最多、follower_growth_30d 近30天涨粉最多',
        ),
    }),
    endpoint: 'creatorSearch',
    answer: creatorSearchAnswer,
  }),
  defineListTool({
    name: 'my_monitor_ranks',
    title: '我的排名监控',
    description: `API 密钥所属账号监控的关键词和作品的最新排名（前${TOP_ROWS}项）：作品在关键词搜索结果中的名次及变化，附监控看板链接。`,
    input: z.object({
      keyword: keywordTextSchema.optional().describe('只看监控关键词中包含这些文字的项'),
    }),
    endpoint: 'monitorRanks',
    answer: (list: MonitorList, _input, link) => monitorRanksAnswer(list, link),
  }),
];
