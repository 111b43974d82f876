import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { allJobHandlers } from '../../job-handlers';
import { createProviders } from '../../providers';
import {
  type FakeDouyinHotListServer,
  startFakeDouyinHotListServer,
} from '../../providers/hot-list/fake-douyin-open-hotlist';
import { type FakeTikhub, startFakeTikhub } from '../../providers/platform-data/fake-tikhub';
import { createTestDatabase } from '../../testing';
import { JobWorker } from '../jobs';
import { CollectionScheduler } from './collection.scheduler';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };

/**
 * A fresh instance pointed at the vendors' fakes (TikHub for the platform data, Douyin Open Platform for the hot
 * lists) fills its Douyin boards on schedule through the real adapters, and a vendor outage afterwards leaves the
 * last good data in place with a failed run on record.
 */
describe('scheduled hot boards against the vendors’ fakes', () => {
  let handle: Handle;
  let tikhub: FakeTikhub;
  let douyin: FakeDouyinHotListServer;
  let worker: JobWorker;
  let scheduler: CollectionScheduler;

  beforeAll(async () => {
    handle = await createTestDatabase();
    tikhub = await startFakeTikhub({ apiKey: 'tikhub-key' });
    douyin = await startFakeDouyinHotListServer({ clientKey: 'awkey', clientSecret: 'awsecret' });
    tikhub.setBoard('hot', [
      { word: '初雪来了', hotValue: 11_849_702, label: 3, videoCount: 320 },
      { word: '围炉煮茶', hotValue: 9_120_004, videoCount: 210 },
    ]);
    tikhub.setBoard('rising', [{ word: '冰雪大世界开园', hotValue: 640_000, videoCount: 88 }]);
    tikhub.setBoard('city', [{ word: '北京初雪', hotValue: 420_000, videoCount: 40 }], '110000');
    const config = loadConfig({
      TEST_ENV_MARKER: '1',
      PLATFORM_DATA_PROVIDER: 'tikhub',
      TIKHUB_API_KEY: 'tikhub-key',
      TIKHUB_BASE_URL: tikhub.url,
      HOT_LIST_PROVIDER: 'douyin',
      DOUYIN_CLIENT_KEY: 'awkey',
      DOUYIN_CLIENT_SECRET: 'awsecret',
      DOUYIN_OPEN_BASE_URL: douyin.url,
      // The other libraries' boards are tested in kinds/library-hot-boards.collection.test.ts: this stays the Douyin round.
      COLLECT_SCHEDULES:
        'watched_works=off;suggestions=off;top_works=off;red_hot_boards=off;kuaishou_hot_boards=off;bilibili_hot_boards=off;red_suggestions=off;work_discovery=off;topic_suggestions=off',
      COLLECT_CALLS_PER_SECOND: 'platform-data=100;hot-list=100',
    });
    const providers = createProviders({ config, db: handle.db, log: silent as never });
    worker = new JobWorker(
      handle.db,
      allJobHandlers({ providers, publicUrl: undefined, collection: { limits: config.collection.limits } }),
      { workerId: 'collector', backoffMs: () => 60_000 },
    );
    scheduler = new CollectionScheduler(handle.db, { crons: config.collection.crons, log: silent });
  });
  afterAll(async () => {
    await Promise.all([tikhub?.close(), douyin?.close()]);
    await handle?.close();
  });

  const runs = () =>
    queryRows<{ collection: string; status: string; rows_added: number; error: string | null }>(
      handle.db,
      sql`SELECT collection, status, rows_added, error FROM collection_runs ORDER BY id`,
    );
  const stored = () =>
    queryRows<{ source: string; board: string; city_code: string; word: string }>(
      handle.db,
      sql`SELECT source, board, city_code, word FROM hot_board_entries ORDER BY source, board, city_code, rank`,
    );
  const library = () =>
    queryRows<{ keyword: string; search_index: number; source: string; as_of: string }>(
      handle.db,
      sql`SELECT keyword, search_index, source, as_of::text FROM keywords ORDER BY keyword`,
    );

  it('fills the Douyin library and its boards from both sources when a worker starts', async () => {
    const now = new Date('2026-11-29T10:30:00+08:00');
    // The worker's start: each collection's latest window is owed (10:10 and 09:10 today), queued once.
    expect((await scheduler.catchUp(now)).sort()).toEqual([
      'douyin_hot_boards@2026-11-29T09:10+08',
      'hot_boards@2026-11-29T10:10+08',
    ]);
    await worker.drain();

    expect(await runs()).toEqual([
      expect.objectContaining({ collection: 'hot_boards', status: 'succeeded', rows_added: 4 }),
      expect.objectContaining({ collection: 'douyin_hot_boards', status: 'succeeded', error: null }),
    ]);
    const boards = await stored();
    // By board: Beijing's 同城, 热搜, 上升.
    expect(boards.filter((entry) => entry.source === 'platform-data').map((entry) => entry.word)).toEqual([
      '北京初雪',
      '初雪来了',
      '围炉煮茶',
      '冰雪大世界开园',
    ]);
    expect(boards.filter((entry) => entry.source === 'hot-list' && entry.board === 'hot').map((e) => e.word)).toEqual([
      '初雪来了',
      '年货节囤货清单',
      '冬季露营装备推荐',
    ]);
    const words = await library();
    expect(words.find((row) => row.keyword === '初雪来了')).toMatchObject({
      search_index: 11_849_702,
      source: 'tikhub',
    });
    expect(words.find((row) => row.keyword === '年货节囤货清单')).toMatchObject({ source: 'douyin' });

    // The derive each run queued has ranked the new words: the content-topic board lists them by demand.
    const topics = await queryRows<{ keyword: string }>(
      handle.db,
      sql`SELECT k.keyword FROM keyword_boards b JOIN keywords k ON k.id = b.keyword_id
          WHERE b.board = 'topicList' AND b.platform = 'DSO' AND b.industry = ''
            AND b.as_of = (SELECT max(as_of) FROM keyword_boards WHERE board = 'topicList')
          ORDER BY b.rank LIMIT 3`,
    );
    expect(topics.map((row) => row.keyword)).toEqual(['初雪来了', '年货节囤货清单', '围炉煮茶']);
  });

  it('keeps the last good boards and figures through a vendor outage, with the failure on record', async () => {
    const before = { boards: await stored(), words: await library() };
    tikhub.failNext('/api/v1/douyin/app/v3/fetch_hot_search_list', { status: 503, body: { detail: 'busy' } });
    tikhub.failNext('/api/v1/douyin/billboard/fetch_hot_rise_list', 'cut');
    douyin.failNext({ kind: 'error', code: 2190004, description: '应用未获得该能力' }, '/hotsearch/sentences/');
    douyin.failNext({ kind: 'status', status: 502 }, '/hotsearch/trending/sentences/');
    await scheduler.enqueueDue('hot_boards', new Date('2026-11-29T12:10:00+08:00'));
    await scheduler.enqueueDue('douyin_hot_boards', new Date('2026-11-29T13:10:00+08:00'));
    await worker.drain();

    const [hot, douyinRun] = (await runs()).slice(2);
    // The 同城 boards still answered: only the two failed boards count as failures, and the run is failed.
    expect(hot).toMatchObject({ collection: 'hot_boards', status: 'failed' });
    expect(douyinRun).toMatchObject({ collection: 'douyin_hot_boards', status: 'failed' });
    expect(douyinRun!.error).toBeTruthy();
    expect(await stored()).toEqual(before.boards);
    expect(await library()).toEqual(before.words);
  });
});
