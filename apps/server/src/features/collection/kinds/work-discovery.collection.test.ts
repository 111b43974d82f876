import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { createTestDatabase } from '../../../testing';
import { createVideo } from '../../../testing/videos';
import { upsertKeywords } from '../../keywords';
import { keywordInput } from '../../keywords/keyword.fixtures';
import { allCollectionKinds } from '../collection.jobs';
import { runManually, scriptedHotList, scriptedSource, vendorError } from '../collection.testing';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the discovery of new works', () => {
  let handle: Handle;
  const db = () => handle.db;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db().execute(
      sql`TRUNCATE keywords, videos, creators, video_keywords, collection_runs RESTART IDENTITY CASCADE`,
    );
    await upsertKeywords(db(), [keywordInput('露营', 300_000), keywordInput('露营装备', 200_000)]);
    const known = await createVideo(db(), { awemeId: 'v-known', desc: '已收录的露营视频' });
    await db().execute(sql`UPDATE creators SET user_id = 'u-known' WHERE id = ${known.creatorId}`);
  });

  const run = (options: Omit<Parameters<typeof scriptedSource>[0], 'videos'>) => {
    const kind = allCollectionKinds({
      platformData: scriptedSource({ videos: {}, ...options }),
      hotList: scriptedHotList({}),
    }).work_discovery;
    return runManually(db(), kind);
  };
  const ranked = (keyword: string) =>
    queryRows<{ aweme_id: string; search_rank: number; as_of: string; nick_name: string }>(
      db(),
      sql`SELECT v.aweme_id, vk.search_rank, vk.as_of::text AS as_of, c.nick_name
          FROM video_keywords vk JOIN keywords k ON k.id = vk.keyword_id JOIN videos v ON v.id = vk.video_id
          JOIN creators c ON c.id = v.creator_id
          WHERE k.keyword = ${keyword} ORDER BY vk.search_rank`,
    );

  it('adds the works the library lacks with their authors, refreshes the known ones and ranks both under the word', async () => {
    const calls: string[] = [];
    const record = await run({
      calls,
      searches: {
        露营: [
          { awemeId: 'v-new', authorUserId: 'u-new' },
          { awemeId: 'v-known', authorUserId: 'u-known' },
        ],
        露营装备: vendorError('rate_limited', 'TikHub: 429 Too Many Requests'),
      },
    });
    // The most searched word first; an author is fetched only when the library lacks it.
    expect(calls).toEqual(['search:露营', 'creator:u-new', 'search:露营装备']);
    expect(record).toMatchObject({ status: 'failed', rowsAdded: 1, rowsUpdated: 1, failures: 1 });
    expect(record.error).toContain('429');
    expect(await ranked('露营')).toEqual([
      { aweme_id: 'v-new', search_rank: 1, as_of: '2026-11-29', nick_name: '新名字' },
      { aweme_id: 'v-known', search_rank: 2, as_of: '2026-11-29', nick_name: expect.any(String) },
    ]);
    const [known] = await queryRows<{ video_desc: string }>(
      db(),
      sql`SELECT video_desc FROM videos WHERE aweme_id = 'v-known'`,
    );
    expect(known!.video_desc).toBe('新标题 v-known');
    expect(await ranked('露营装备')).toEqual([]);

    // The next day's run finds them again: nothing new, both refreshed, no author fetched.
    const again: string[] = [];
    const next = await run({
      calls: again,
      searches: { 露营: [{ awemeId: 'v-new', authorUserId: 'u-new' }] },
    });
    expect(again).toEqual(['search:露营', 'search:露营装备']);
    expect(next).toMatchObject({ status: 'succeeded', rowsAdded: 0, rowsUpdated: 1, rowsUnchanged: 1 });
  });

  it('leaves out a work whose author the source does not know, never storing half of it', async () => {
    const record = await run({
      searches: {
        露营: [
          { awemeId: 'v-orphan', authorUserId: 'u-ghost' },
          { awemeId: 'v-other', authorUserId: 'u-other' },
        ],
      },
      unknownCreators: ['u-ghost'],
    });
    expect(record).toMatchObject({ rowsAdded: 1, failures: 0 });
    expect((await ranked('露营')).map((row) => row.aweme_id)).toEqual(['v-other']);
    const orphans = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM videos WHERE aweme_id = 'v-orphan'`,
    );
    expect(orphans[0]!.n).toBe(0);
  });

  it('stops at refused credentials, keeping what it stored', async () => {
    const record = await run({
      searches: { 露营: [{ awemeId: 'v-new', authorUserId: 'u-new' }] },
      fail: vendorError('unauthorized', 'TikHub: 401 Unauthorized'),
    });
    expect(record.status).toBe('failed');
    expect(record.error).toContain('401');
    expect(await ranked('露营')).toEqual([]);
  });
});
