import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { createTestDatabase } from '../../../testing';
import { relatedKeywords, relatedWordsOf, upsertKeywords } from '../../keywords';
import { keywordInput } from '../../keywords/keyword.fixtures';
import { ensurePermissionConfig } from '../../permissions';
import { allCollectionKinds } from '../collection.jobs';
import { runManually, scriptedHotList, scriptedSource, vendorError } from '../collection.testing';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const member = { userId: 1, grade: 'SVIP' as const, showOriginal: true };

describe('the suggestions collection', () => {
  let handle: Handle;
  const db = () => handle.db;
  beforeAll(async () => {
    handle = await createTestDatabase();
    // The tab's paging depth comes from the grade's permissions.
    await ensurePermissionConfig(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db().execute(sql`TRUNCATE keywords, keyword_relations, collection_runs RESTART IDENTITY CASCADE`);
    await upsertKeywords(db(), [
      keywordInput('露营', 300_000),
      keywordInput('露营装备', 200_000),
      keywordInput('露营装备清单', 40_000),
      keywordInput('露营帐篷', 30_000),
      keywordInput('露营灯', 20_000),
    ]);
  });

  const run = (suggestions: Parameters<typeof scriptedSource>[0]['suggestions'], calls?: string[]) => {
    const kind = allCollectionKinds({
      platformData: scriptedSource({ videos: {}, suggestions, ...(calls ? { calls } : {}) }),
      hotList: scriptedHotList({}),
    }).suggestions;
    return runManually(db(), kind);
  };
  const stored = (word: string) =>
    queryRows<{ related_keyword: string }>(
      db(),
      sql`SELECT r.related_keyword FROM keyword_relations r JOIN keywords k ON k.id = r.keyword_id
          WHERE k.keyword = ${word} AND r.relation = 'sug' ORDER BY r.score DESC`,
    ).then((rows) => rows.map((row) => row.related_keyword));
  const dropDown = (keyword: string) =>
    relatedKeywords(db(), member, { platform: 'DSO', keyword, relation: 'sug', page_no: 1, page_size: 10 });

  it('asks about the most searched words and keeps each answer in the source’s order', async () => {
    const calls: string[] = [];
    const record = await run(
      { 露营装备: ['露营装备清单', '露营装备', '露营装备全套', '露营帐篷'], 露营: ['露营灯', '露营 装备'] },
      calls,
    );
    // Every word of the library, most searched first (five, under the run's 2,000).
    expect(calls).toEqual(['露营', '露营装备', '露营装备清单', '露营帐篷', '露营灯'].map((w) => `suggestions:${w}`));
    expect(record).toMatchObject({ status: 'succeeded', rowsUpdated: 2, rowsUnchanged: 3, failures: 0 });
    // The word itself is left out; a suggestion the library lacks (露营装备全套) is kept for the AI tools.
    expect(await stored('露营装备')).toEqual(['露营装备清单', '露营装备全套', '露营帐篷']);
    expect(await stored('露营')).toEqual(['露营灯', '露营 装备']);

    // The 下拉词 tab lists the stored words the library has, in the source's order, counting only those.
    const list = await dropDown('露营装备');
    expect(list.result.map((row) => row.keyword)).toEqual(['露营装备清单', '露营帐篷']);
    expect(list.total_record).toBe(2);
    // A word without stored 下拉词 still lists the library's words that start with it.
    expect((await dropDown('露营帐篷')).result).toEqual([]);
    // The AI tools ground their writing in them too.
    expect(await relatedWordsOf(db(), ['露营装备'], 3)).toContain('露营装备全套');
  });

  it('keeps a word’s last list when the source answers nothing or fails for it, recording the failure', async () => {
    await run({ 露营装备: ['露营装备清单', '露营帐篷'] });
    const record = await run({ 露营装备: [], 露营: vendorError('rate_limited', 'TikHub: 429 Too Many Requests') });
    expect(record).toMatchObject({ status: 'failed', rowsUpdated: 0, failures: 1 });
    expect(record.error).toContain('429');
    expect(await stored('露营装备')).toEqual(['露营装备清单', '露营帐篷']);
  });
  it('asks 小红书 for the 联想词 of the 小红书 library’s words only, and keeps them as that word’s 下拉词', async () => {
    await upsertKeywords(db(), [
      keywordInput('秋冬穿搭', 90_000, { platform: 'RSO' }),
      keywordInput('早八妆容', 50_000, { platform: 'RSO' }),
    ]);
    const calls: string[] = [];
    const kind = allCollectionKinds({
      platformData: scriptedSource({
        videos: {},
        calls,
        suggestions: { 露营: ['不该被问到'] },
        redSuggestions: { 秋冬穿搭: ['秋冬穿搭女', '秋冬穿搭', '秋冬穿搭男生'] },
      }),
      hotList: scriptedHotList({}),
    }).red_suggestions;
    const record = await runManually(db(), kind);
    expect(calls).toEqual(['red-suggestions:秋冬穿搭', 'red-suggestions:早八妆容']);
    expect(record).toMatchObject({ status: 'succeeded', scope: 'RSO', rowsUpdated: 1, rowsUnchanged: 1 });
    const red = await queryRows<{ related_keyword: string }>(
      db(),
      sql`SELECT r.related_keyword FROM keyword_relations r JOIN keywords k ON k.id = r.keyword_id
          WHERE k.platform = 'RSO' AND k.keyword = '秋冬穿搭' AND r.relation = 'sug' ORDER BY r.score DESC`,
    );
    expect(red.map((row) => row.related_keyword)).toEqual(['秋冬穿搭女', '秋冬穿搭男生']);
    expect(await stored('露营')).toEqual([]);
  });
});
