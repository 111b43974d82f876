import {
  apiKeyMessages,
  type BoardList,
  Code,
  type CreatorList,
  CreatorPath,
  KeywordDetailPath,
  type KeywordList,
  KeywordPath,
  type RelatedList,
  type VideoList,
  VideoPath,
} from '@dso/contract';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKeyPath } from '../../plugins/key-paths';
import { loginAs, quotaUsed, useUpDailyQuota } from '../../testing';
import { answerText, createKeyHolder, mcpAsOf, mcpToolTitles, seedMcpLibrary } from '../../testing/mcp';
import { useTestApp, withQuery } from '../../testing/route-suite';
import { API_UNIT_ALIAS } from '../api-keys';
import { MCP_PATH } from './mcp.routes';

/**
 * The MCP server over Streamable HTTP at `/mcp`, through the SDK's own client on a listening app: the seven tools
 * with their Chinese titles, each tool's answer against what the web's own routes show the key's owner, the units
 * each call spends, and the refusals (a bad key, a spent allowance, bad arguments, a keyword the library lacks)
 * answered as tool errors.
 */
describe('the MCP server over Streamable HTTP', () => {
  const t = useTestApp();
  let address = '';
  let holder: Awaited<ReturnType<typeof createKeyHolder>>;
  let token = '';
  const clients: Client[] = [];

  // Apart from the app's start (the suite hook's 60 s): deriving the boards took most of a minute on a loaded machine.
  beforeAll(async () => {
    await seedMcpLibrary(t.db());
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    holder = await createKeyHolder(t.db());
    token = await loginAs(t.db(), holder.user.id);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  /** A client connected to `/mcp` with `Authorization: Bearer <key>` (none when `key` is null). */
  async function connect(key: string | null) {
    const client = new Client({ name: 'dso-test', version: '1.0.0' });
    const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  const call = async (name: string, args: Record<string, unknown>, key: string | null = holder.key) =>
    (await connect(key)).callTool({ name, arguments: args });
  const unitsUsed = () => quotaUsed(t.db(), holder.user.id, API_UNIT_ALIAS);
  const web = async <T>(path: string, query: Record<string, string | number>) => {
    const body = await t.get(withQuery(path, query), token);
    expect(body.code).toBe(Code.OK);
    return body.data as T;
  };

  it('lists the seven tools with their Chinese titles and input schemas', async () => {
    const { tools } = await (await connect(holder.key)).listTools();
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.title]))).toEqual(mcpToolTitles);
    for (const tool of tools) {
      expect(tool.description).toMatch(/[\u4e00-\u9fa5]/);
      expect(tool.inputSchema.type).toBe('object');
    }
    const search = tools.find((tool) => tool.name === 'keyword_search');
    expect(search?.inputSchema.required).toEqual(['keyword']);
  });

  it('关键词搜索 answers the rows the web search shows, their figures, the date and each keyword’s page', async () => {
    const before = await unitsUsed();
    const result = await call('keyword_search', { keyword: '露营' });
    expect(result.isError).toBeFalsy();
    const text = answerText(result);
    const shown = await t.post(KeywordPath.search, token, { platform: 'DSO', keyword: '露营', page_size: 10 });
    const rows = (shown.data as KeywordList).result;
    expect(rows.length).toBeGreaterThan(3);
    const lines = text.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(lines.map((line) => line.replace(/^\d+\. /, '').split('｜')[0])).toEqual(rows.map((row) => row.keyword));
    expect(lines[0]).toContain(`搜索指数 ${rows[0]!.search_index}`);
    expect(text).toContain(`数据日期：${mcpAsOf}`);
    expect(text).toContain(`${address}/keyWordDetail?keyword=${encodeURIComponent(rows[0]!.keyword)}`);
    expect(await unitsUsed()).toBe(before + 1);
  });

  it('关键词详情 answers the keyword’s figures with their date and its detail page, for 5 units', async () => {
    const before = await unitsUsed();
    const text = answerText(await call('keyword_detail', { keyword: '露营' }));
    const detail = await web<{ keyword: { search_index: string; as_of: string } }>(KeywordDetailPath.detail, {
      keyword: '露营',
    });
    expect(text).toContain('关键词「露营」（DSO）详情');
    expect(text).toContain(`搜索指数 ${detail.keyword.search_index}`);
    expect(text).toContain(`数据日期：${detail.keyword.as_of}`);
    expect(text).toContain(`${address}/keyWordDetail?keyword=${encodeURIComponent('露营')}`);
    expect(await unitsUsed()).toBe(before + 5);
  });

  it('相关词 answers the relation’s rows as the detail page’s tab lists them', async () => {
    const text = answerText(await call('related_keywords', { keyword: '露营', relation: 'sug' }));
    const related = await web<RelatedList>(KeywordDetailPath.related, {
      keyword: '露营',
      relation: 'sug',
      page_size: 10,
    });
    expect(related.result.length).toBeGreaterThan(0);
    expect(text).toContain('「露营」的下拉词');
    for (const row of related.result) expect(text).toContain(`${row.keyword}｜搜索指数 ${row.search_index}`);
    expect(text).toContain(`${address}/keyWordDetail/relatedWords?keyword=${encodeURIComponent('露营')}`);
  });

  it('热词榜单 answers the board’s ranks, its day and its page', async () => {
    const text = answerText(await call('hot_board', { board: 'industryHot' }));
    const board = await web<BoardList>(KeywordDetailPath.board, { board: 'industryHot', page_size: 10 });
    expect(board.result.length).toBeGreaterThan(0);
    expect(text).toContain(`${board.title}：共 ${board.total_record} 个词`);
    expect(text).toContain(`数据日期：${board.as_of}`);
    for (const row of board.result) expect(text).toContain(`第 ${row.rank} 名`);
    expect(text).toContain(`${address}/KeywordDouyinHot/industryHot`);
  });

  it('视频搜索 answers the videos the web’s video search finds, with their likes and pages', async () => {
    const text = answerText(await call('video_search', { keyword: '露营' }));
    const videos = await web<VideoList>(VideoPath.search, { keyword: '露营', page_size: 10 });
    expect(videos.result.map((row) => row.video_desc)).toEqual(['周末露营装备清单分享', '第一次露营要带什么']);
    for (const row of videos.result) {
      expect(text).toContain(`${row.video_desc}｜作者 ${row.user_nick_name}`);
      expect(text).toContain(`点赞 ${row.good_count.toLocaleString('en-US')}`);
      expect(text).toContain(`${address}/videoDetail/${row.video_id}`);
    }
  });

  it('达人查询 answers the creators the library finds, with followers, date and page', async () => {
    const text = answerText(await call('creator_search', { keyword: '露营' }));
    const creators = await web<CreatorList>(CreatorPath.list, { keyword: '露营', page_size: 10 });
    expect(creators.result).toHaveLength(1);
    const creator = creators.result[0]!;
    expect(text).toContain(`${creator.nick_name}（抖音号 ${creator.unique_id}）`);
    expect(text).toContain(`粉丝 ${creator.total_follower_count.toLocaleString('en-US')}`);
    expect(text).toContain(`数据日期：${creator.as_of}`);
    expect(text).toContain(`${address}/person/detail/${encodeURIComponent(creator.user_id)}`);
  });

  it('我的排名监控 answers the key owner’s monitored keywords and the dashboard', async () => {
    const text = answerText(await call('my_monitor_ranks', {}));
    expect(text).toContain('您的排名监控：共 1 项');
    expect(text).toContain('关键词「露营装备」（DSO）');
    expect(text).toContain('监控额度：已用 1 / 50');
    expect(text).toContain(`${address}/dataMarketNew`);
  });

  it('answers a missing, malformed or unknown key as a tool error, spending nothing', async () => {
    const before = await unitsUsed();
    for (const key of [null, 'not-a-key', `dso_${'x'.repeat(43)}`]) {
      const result = await call('keyword_search', { keyword: '露营' }, key);
      expect(result.isError).toBe(true);
      expect(answerText(result)).toBe(apiKeyMessages.invalid);
    }
    expect(await unitsUsed()).toBe(before);
  });

  it('answers a spent allowance as a tool error in Chinese, and a failed call costs nothing', async () => {
    const spender = await createKeyHolder(t.db());
    const missing = await call('keyword_detail', { keyword: '库里没有的词' }, spender.key);
    expect(missing.isError).toBe(true);
    expect(answerText(missing)).toBe('关键词不存在');
    expect(await quotaUsed(t.db(), spender.user.id, API_UNIT_ALIAS)).toBe(0);

    await useUpDailyQuota(t.db(), spender.user.id, API_UNIT_ALIAS, 1000);
    const refused = await call('keyword_search', { keyword: '露营' }, spender.key);
    expect(refused.isError).toBe(true);
    expect(answerText(refused)).toMatch(/[\u4e00-\u9fa5]/);
    expect(answerText(refused)).not.toContain('露营装备');
    expect(await quotaUsed(t.db(), spender.user.id, API_UNIT_ALIAS)).toBe(1000);
  });

  it('answers bad arguments as a tool error in Chinese, spending nothing', async () => {
    const before = await unitsUsed();
    const tooLong = await call('keyword_search', { keyword: '露'.repeat(31) });
    expect(tooLong.isError).toBe(true);
    expect(answerText(tooLong)).toBe('参数不正确：keyword：关键词长度不能超过30个字符');
    const noKeyword = await call('keyword_detail', {});
    expect(noKeyword.isError).toBe(true);
    expect(answerText(noKeyword)).toMatch(/^参数不正确：keyword：/);
    const board = await call('hot_board', { board: 'nonsense' });
    expect(board.isError).toBe(true);
    expect(answerText(board)).toMatch(/^参数不正确：board：[\u4e00-\u9fa5]/);
    expect(await unitsUsed()).toBe(before);
  });

  it('is a key path, outside the browser’s signing and session, and answers GET and DELETE with 405', async () => {
    expect(isKeyPath(MCP_PATH)).toBe(true);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await fetch(`${address}${MCP_PATH}`, { method });
      expect(response.status).toBe(405);
    }
  });
});
