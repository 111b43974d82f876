import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { libraryBoards } from '../../../config';
import { queryRows } from '../../../db/client';
import { allCollectionKinds } from '../collection.jobs';
import type { CollectionKind } from '../collection.registry';
import { runManually, scriptedHotList, scriptedSource, useBoardsDatabase, vendorError } from '../collection.testing';

describe('the 小红书, 快手 and B站 libraries fed from their platforms’ boards', () => {
  // 秋冬穿搭 is known to the Douyin and 小红书 libraries; 早八妆容 only to the Douyin one.
  const db = useBoardsDatabase(sql`
      INSERT INTO keywords (platform, country, keyword, grams, search_index, month_cover_count, related_work_count,
        first_seen, as_of)
      VALUES ('DSO', '', '秋冬穿搭', '{}', 406000, 12180000, 3200, '2026-10-01', '2026-11-20'),
             ('RSO', '', '秋冬穿搭', '{}', 81000, 2400000, 640, '2026-10-01', '2026-11-20'),
             ('DSO', '', '早八妆容', '{}', 52000, 800000, 90, '2026-10-01', '2026-11-20')`);

  const run = (kind: CollectionKind) => runManually(db(), kind);
  const kinds = (options: Parameters<typeof scriptedSource>[0]) =>
    allCollectionKinds({ platformData: scriptedSource(options), hotList: scriptedHotList({}) });

  /** The library's rows in code-point order (the databases' collations order Chinese differently). */
  const rows = async (platform: string) =>
    (
      await queryRows<{ keyword: string; search_index: number; as_of: string; source: string | null }>(
        db(),
        sql`SELECT keyword, search_index, as_of::text, source FROM keywords WHERE platform = ${platform}`,
      )
    ).sort((a, b) => (a.keyword < b.keyword ? -1 : 1));
  const board = (platform: string, name: string) =>
    queryRows<{ rank: number; word: string; hot_value: number | null }>(
      db(),
      sql`SELECT rank, word, hot_value::int FROM hot_board_entries
          WHERE platform = ${platform} AND source = 'platform-data' AND board = ${name} ORDER BY rank`,
    );
  const deriveJobs = () =>
    queryRows<{ singleton_key: string }>(
      db(),
      sql`SELECT singleton_key FROM jobs WHERE kind = 'keywords.derive' ORDER BY singleton_key`,
    );

  it('names one collection per library, each reading the boards libraryBoards gives it', () => {
    const all = allCollectionKinds({ platformData: scriptedSource({ videos: {} }), hotList: scriptedHotList({}) });
    for (const [library, { collection }] of Object.entries(libraryBoards)) {
      expect(all[collection]).toMatchObject({ scope: library, source: 'platform-data' });
    }
  });

  it('adds a new word to the library whose board named it, never to another library', async () => {
    const calls: string[] = [];
    const outcome = await run(
      kinds({
        videos: {},
        calls,
        platformBoards: { 'RSO:hot': ['秋冬穿搭', '早八妆容', '宿舍改造'], 'RSO:search': ['宿舍改造', '城市漫步'] },
      }).red_hot_boards,
    );
    expect(calls).toEqual(['platform-board:RSO:hot', 'platform-board:RSO:search']);
    expect(outcome.status).toBe('succeeded');
    // 早八妆容, 宿舍改造 and 城市漫步 join the 小红书 library; 秋冬穿搭 and 宿舍改造 (on both boards) were known by then.
    expect(outcome).toMatchObject({ rowsAdded: 3, rowsUpdated: 2, failures: 0 });

    const red = await rows('RSO');
    expect(red.map((row) => row.keyword)).toEqual(['城市漫步', '宿舍改造', '早八妆容', '秋冬穿搭']);
    // The board's heat is a new word's demand; the known word keeps its imported figures.
    expect(red.find((row) => row.keyword === '早八妆容')).toMatchObject({ search_index: 490_000, source: 'scripted' });
    expect(red.find((row) => row.keyword === '秋冬穿搭')).toMatchObject({ search_index: 81_000, source: null });
    // The Douyin library is not touched, and the boards are stored under the 小红书 library.
    expect((await rows('DSO')).map((row) => row.keyword)).toEqual(['早八妆容', '秋冬穿搭']);
    expect((await board('RSO', 'hot')).map((entry) => entry.word)).toEqual(['秋冬穿搭', '早八妆容', '宿舍改造']);
    expect(await board('DSO', 'hot')).toEqual([]);
    expect(await deriveJobs()).toEqual([{ singleton_key: 'RSO:changes' }]);
  });

  it('keeps a board’s last reading when it fails and stores the library’s other board', async () => {
    await run(
      kinds({ videos: {}, platformBoards: { 'KSO:hot': ['秋收玉米'], 'KSO:search': ['农村大锅菜'] } })
        .kuaishou_hot_boards,
    );
    const before = await board('KSO', 'hot');
    await db().execute(sql`DELETE FROM jobs`);

    const outcome = await run(
      kinds({
        videos: {},
        platformBoards: {
          'KSO:hot': vendorError(
            'unavailable',
            'TikHub /api/v1/kuaishou/web/fetch_kuaishou_hot_list_v2 answered a shape we cannot read',
          ),
          'KSO:search': ['自驾川藏线'],
        },
      }).kuaishou_hot_boards,
    );
    expect(outcome.status).toBe('failed');
    expect(outcome).toMatchObject({ rowsAdded: 1, failures: 1 });
    expect(outcome.error).toContain('shape we cannot read');
    expect(await board('KSO', 'hot')).toEqual(before);
    expect((await board('KSO', 'search')).map((entry) => entry.word)).toEqual(['自驾川藏线']);
    expect(await deriveJobs()).toEqual([{ singleton_key: 'KSO:changes' }]);
  });

  it('lets one library’s refused run leave the others to run and store their boards', async () => {
    const options = {
      videos: {},
      platformBoards: {
        'RSO:hot': vendorError('unauthorized', 'TikHub: this key lacks the Xiaohongshu scope'),
        'KSO:hot': ['秋收玉米'],
        'BSO:search': ['原神新版本', '期末复习'],
      },
    };
    const all = kinds(options);
    const red = await run(all.red_hot_boards);
    const kuaishou = await run(all.kuaishou_hot_boards);
    const bilibili = await run(all.bilibili_hot_boards);
    expect(red.status).toBe('failed');
    expect(red.error).toContain('Xiaohongshu scope');
    expect(kuaishou).toMatchObject({ status: 'succeeded', rowsAdded: 1 });
    expect(bilibili).toMatchObject({ status: 'succeeded', rowsAdded: 2 });
    expect(await rows('RSO')).toHaveLength(1);
    expect((await rows('BSO')).map((row) => row.keyword)).toEqual(['原神新版本', '期末复习']);
    expect((await board('BSO', 'search')).map((entry) => entry.word)).toEqual(['原神新版本', '期末复习']);
  });

  it('records a library whose boards all came back empty as empty, writing nothing', async () => {
    const outcome = await run(kinds({ videos: {} }).bilibili_hot_boards);
    expect(outcome.status).toBe('empty');
    expect(await queryRows(db(), sql`SELECT 1 FROM hot_board_entries`)).toEqual([]);
    expect(await rows('BSO')).toEqual([]);
  });
});
