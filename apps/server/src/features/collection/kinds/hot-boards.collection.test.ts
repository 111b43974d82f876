import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { allCollectionKinds } from '../collection.jobs';
import type { CollectionKind } from '../collection.registry';
import {
  boardEntries,
  runManually,
  scriptedHotList,
  scriptedSource,
  useBoardsDatabase,
  vendorError,
} from '../collection.testing';

describe('hot board collections', () => {
  // A word the library knows from an import, with its own figures.
  const db = useBoardsDatabase(sql`
      INSERT INTO keywords (platform, country, keyword, grams, search_index, month_cover_count, related_work_count,
        first_seen, as_of)
      VALUES ('DSO', '', '露营装备', '{}', 406000, 12180000, 3200, '2026-10-01', '2026-11-20')`);

  /** Runs a collection and answers its record (a failed run also throws, for the queue to retry it). */
  const run = (kind: CollectionKind) => runManually(db(), kind);
  const kinds = (options: Parameters<typeof scriptedSource>[0], hotList = scriptedHotList({})) =>
    allCollectionKinds({ platformData: scriptedSource(options), hotList });

  const library = () =>
    queryRows<{
      keyword: string;
      search_index: number;
      related_work_count: number;
      as_of: string;
      source: string | null;
    }>(db(), sql`SELECT keyword, search_index, related_work_count, as_of::text, source FROM keywords ORDER BY keyword`);
  const board = (source: string, name: string, city = '') =>
    queryRows<{ rank: number; word: string; hot_value: number; as_of_ms: number }>(
      db(),
      sql`SELECT rank, word, hot_value::int, (extract(epoch FROM as_of) * 1000)::float8 AS as_of_ms FROM hot_board_entries
          WHERE source = ${source} AND board = ${name} AND city_code = ${city} ORDER BY rank`,
    );
  const deriveJobs = () =>
    queryRows<{ singleton_key: string }>(db(), sql`SELECT singleton_key FROM jobs WHERE kind = 'keywords.derive'`);

  it('stores every page of each board, adds the words the library lacks and leaves the known ones as they were', async () => {
    const calls: string[] = [];
    const hot = [
      boardEntries(['露营装备', '围炉煮茶']),
      boardEntries(['冬季露营', `${'很'.repeat(31)}`], 3), // the 31-character sentence cannot be a keyword
    ];
    const outcome = await run(
      kinds({ videos: {}, calls, boards: { hot, rising: [boardEntries(['冰雪大世界'])] } }).hot_boards,
    );

    expect(outcome.status).toBe('succeeded');
    expect(outcome).toMatchObject({ rowsAdded: 3, rowsUpdated: 1, failures: 0 });
    // Two pages of 热搜榜, one of 上升热点榜, one of each city's 同城榜 (empty: nothing stored for them).
    expect(calls.filter((call) => call.startsWith('board:hot'))).toEqual(['board:hot:1', 'board:hot:2']);
    expect(calls.filter((call) => call.startsWith('board:city:'))).toHaveLength(5);
    expect((await board('platform-data', 'hot')).map((entry) => entry.word)).toEqual([
      '露营装备',
      '围炉煮茶',
      '冬季露营',
    ]);
    expect(await board('platform-data', 'city', '110000')).toEqual([]);

    expect(await library()).toEqual([
      // A new word's demand is the board's 热度, its related works the board's video count, as of the board's day.
      {
        keyword: '冬季露营',
        search_index: 8_700_000,
        related_work_count: 120,
        as_of: '2026-11-29',
        source: 'scripted',
      },
      {
        keyword: '冰雪大世界',
        search_index: 8_900_000,
        related_work_count: 120,
        as_of: '2026-11-29',
        source: 'scripted',
      },
      {
        keyword: '围炉煮茶',
        search_index: 8_800_000,
        related_work_count: 121,
        as_of: '2026-11-29',
        source: 'scripted',
      },
      { keyword: '露营装备', search_index: 406_000, related_work_count: 3200, as_of: '2026-11-20', source: null },
    ]);
    // The boards rank the new words once the derive of what changed in the library has run.
    expect(await deriveJobs()).toEqual([{ singleton_key: 'DSO:changes' }]);
  });

  it('keeps the last good board when a page fails or the source answers an empty board, and records the failure', async () => {
    await run(
      kinds({ videos: {}, boards: { hot: [boardEntries(['围炉煮茶'])], rising: [boardEntries(['冰雪大世界'])] } })
        .hot_boards,
    );
    const before = { hot: await board('platform-data', 'hot'), rising: await board('platform-data', 'rising') };
    await db().execute(sql`DELETE FROM jobs`);

    // The connection is cut on 热搜榜's second page; 上升热点榜 answers with nothing on it.
    const cut = vendorError('unavailable', 'TikHub: socket hang up');
    const outcome = await run(
      kinds({ videos: {}, boards: { hot: [boardEntries(['新词一号']), cut], rising: [[]] } }).hot_boards,
    );
    expect(outcome.status).toBe('failed');
    expect(outcome).toMatchObject({ rowsAdded: 0, rowsUpdated: 0, failures: 1 });
    expect(outcome.error).toContain('socket hang up');
    expect(await board('platform-data', 'hot')).toEqual(before.hot);
    expect(await board('platform-data', 'rising')).toEqual(before.rising);
    expect((await library()).map((row) => row.keyword)).not.toContain('新词一号');
    expect(await deriveJobs()).toEqual([]);
  });

  it('records a round of empty boards as empty, writing nothing', async () => {
    const outcome = await run(kinds({ videos: {} }).hot_boards);
    expect(outcome.status).toBe('empty');
    expect(outcome).toMatchObject({ rowsAdded: 0, rowsUpdated: 0, rowsUnchanged: 0, failures: 0 });
    expect(await queryRows(db(), sql`SELECT 1 FROM hot_board_entries`)).toEqual([]);
  });

  it('stops at once when the source refuses our credentials', async () => {
    const refused = vendorError('unauthorized', 'TikHub: invalid api key');
    const calls: string[] = [];
    const outcome = await run(kinds({ videos: {}, calls, boards: { hot: [refused] } }).hot_boards);
    expect(outcome.status).toBe('failed');
    expect(calls).toEqual(['board:hot:1']);
  });

  it('reads Douyin Open Platform’s boards as a second source, one board failing without the other', async () => {
    const calls: string[] = [];
    const hotList = scriptedHotList({
      hot: ['围炉煮茶', '露营装备'],
      fail: { board: 'rising', reason: 'rate_limited' },
      calls,
    });
    const outcome = await run(kinds({ videos: {} }, hotList).douyin_hot_boards);
    expect(calls).toEqual(['douyin:hot', 'douyin:rising']);
    expect(outcome.status).toBe('failed');
    expect(outcome).toMatchObject({ rowsAdded: 1, rowsUpdated: 1, failures: 1 });
    expect(outcome.error).toContain('rising 读取失败');
    const [entry] = await board('hot-list', 'hot');
    expect(entry).toMatchObject({ rank: 1, word: '围炉煮茶' });
    expect(new Date(entry!.as_of_ms).toISOString()).toBe('2026-11-29T01:58:00.000Z');
    expect((await library()).find((row) => row.keyword === '围炉煮茶')?.source).toBe('douyin');
    expect(await board('hot-list', 'rising')).toEqual([]);
  });
});
