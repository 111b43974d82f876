import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Database } from '../db/client';
import { createApiKey } from '../features/api-keys/api-keys.service';
import { deriveScope } from '../features/keywords/derive/keyword-derive';
import { upsertKeywords } from '../features/keywords/import/keyword-ingest.repository';
import { keywordInput, trendEndingAt } from '../features/keywords/keyword.fixtures';
import { addItem } from '../features/monitoring/monitoring.service';
import { createUser } from './factories';
import { createCreator, createVideo } from './videos';

/*
 * The library the MCP client tests call the tools on (over Streamable HTTP and over stdio): camping keywords with a
 * trend, the boards and correlations derived from them, a creator and a video of the same subject, and a VIP member
 * who monitors a keyword and holds an API key.
 */

export const mcpAsOf = '2026-11-20';

/** The tools, by protocol name, and their Chinese titles, in the order the server lists them. */
export const mcpToolTitles = {
  keyword_search: '关键词搜索',
  keyword_detail: '关键词详情',
  related_keywords: '相关词',
  hot_board: '热词榜单',
  video_search: '视频搜索',
  creator_search: '达人查询',
  my_monitor_ranks: '我的排名监控',
} as const;

/** Stores the library the tools read. */
export async function seedMcpLibrary(db: Database) {
  const travel = { industry: '旅游出行', asOf: mcpAsOf };
  await upsertKeywords(db, [
    keywordInput('露营', 120_000, { ...travel, trend: trendEndingAt(120_000, 30, 1_000) }),
    keywordInput('露营装备', 48_000, { ...travel, commerceIntent: true }),
    keywordInput('露营装备清单', 21_000, travel),
    keywordInput('露营地推荐', 15_000, travel),
    keywordInput('露营帐篷', 9_000, { ...travel, commerceIntent: true }),
    keywordInput('冬季露营', 4_000, travel),
    keywordInput('自驾游攻略', 30_000, travel),
  ]);
  await deriveScope(db, { platform: 'DSO', country: '' }, { correlationTop: 10 });
  const creator = await createCreator(db, { nickName: '露营达人阿山', field: '旅游出行', followers: 230_000 });
  await createVideo(db, { creatorId: creator.id, desc: '周末露营装备清单分享', goodCount: 56_000 });
  await createVideo(db, { creatorId: creator.id, desc: '第一次露营要带什么', goodCount: 12_000 });
  return { creator };
}

/** A member of `grade` monitoring 露营装备, with an API key (the whole key, as shown once). */
export async function createKeyHolder(db: Database, grade = 'VIP') {
  const user = await createUser(db, { grade });
  await addItem(db, user.id, { keyword: '露营装备', platform: 'DSO' });
  const { key } = await createApiKey(db, user.id, '我的助手');
  return { user, key };
}

/** The text of a tool's answer (its one text part). */
export function answerText(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}
