import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { topicSuggestionWords } from '../../../config';
import { queryRows } from '../../../db/client';
import { startFakeTikhub } from '../../../providers/platform-data/fake-tikhub';
import { createTikhubPlatformData } from '../../../providers/platform-data/tikhub';
import { useTestDatabase } from '../../../testing/route-suite';
import { createVideo } from '../../../testing/videos';
import { upsertKeywords } from '../../keywords';
import { keywordInput } from '../../keywords/keyword.fixtures';
import { allCollectionKinds } from '../collection.jobs';
import { runManually, scriptedHotList, scriptedSource, vendorError } from '../collection.testing';
import { topicSuggestionsCollection } from './topic-suggestions.collection';

describe('the topics collection', () => {
  const database = useTestDatabase();
  const db = () => database.db;
  beforeEach(async () => {
    await db().execute(sql`TRUNCATE keywords, topics, videos, creators, collection_runs RESTART IDENTITY CASCADE`);
    await upsertKeywords(db(), [keywordInput('露营', 300_000), keywordInput('露营装备', 200_000)]);
  });

  /** One round on a Shanghai day (at 07:30 there) through `platformData`. */
  const roundOn = (day: string, platformData: Parameters<typeof topicSuggestionsCollection>[0]['platformData']) => {
    const kind = allCollectionKinds({
      platformData: scriptedSource({ videos: {} }),
      hotList: scriptedHotList({}),
    }).topic_suggestions;
    const now = () => new Date(`${day}T07:30:00+08:00`);
    const handler = topicSuggestionsCollection({ platformData, words: topicSuggestionWords, now });
    return runManually(db(), { ...kind, handler });
  };
  /** One round with the scripted source's answers. */
  const runOn = (day: string, options: Omit<Parameters<typeof scriptedSource>[0], 'videos'>) =>
    roundOn(day, scriptedSource({ videos: {}, ...options }));
  const topicsOf = (day: string) =>
    queryRows<{
      name: string;
      heat: number;
      video_count: number | null;
      growth: number | null;
      source: string | null;
      is_demo: boolean;
    }>(
      db(),
      sql`SELECT name, heat::float8 AS heat, video_count, growth::float8 AS growth, source, is_demo FROM topics
          WHERE kind = 'video' AND day = ${day}::date ORDER BY name`,
    );
  const worksUnder = (day: string, name: string) =>
    queryRows<{ aweme_id: string }>(
      db(),
      sql`SELECT v.aweme_id FROM topic_videos tv JOIN topics t ON t.id = tv.topic_id JOIN videos v ON v.id = tv.video_id
          WHERE t.day = ${day}::date AND t.name = ${name} ORDER BY v.aweme_id`,
    ).then((rows) => rows.map((row) => row.aweme_id));

  it('stores the topics of the most searched words as the day’s video topics, heat their views, unknowns null', async () => {
    const calls: string[] = [];
    const record = await runOn('2026-11-28', {
      calls,
      topics: {
        露营: [
          { name: '露营', views: 500_000_000 },
          { name: '露营装备推荐', views: 10_000_000 },
        ],
        // Found again for another word: counted once, with its largest views. No views: left out, never 0.
        露营装备: [
          { name: '露营装备推荐', views: 12_000_000 },
          { name: '露营好物', views: null },
        ],
      },
    });
    expect(calls).toEqual(['topics:露营', 'topics:露营装备']);
    expect(record).toMatchObject({ status: 'succeeded', rowsAdded: 2, rowsUpdated: 0, failures: 0, scope: 'topics' });
    expect(await topicsOf('2026-11-28')).toEqual([
      { name: '露营', heat: 500_000_000, video_count: null, growth: null, source: 'scripted', is_demo: false },
      { name: '露营装备推荐', heat: 12_000_000, video_count: null, growth: null, source: 'scripted', is_demo: false },
    ]);
  });

  it('measures growth against the day before, carries the works placed under the topic, and goes on past a failure', async () => {
    await runOn('2026-11-27', { topics: { 露营: [{ name: '露营', views: 500_000_000 }] } });
    const work = await createVideo(db(), { awemeId: 'v-camp', desc: '#露营 周末去山里' });
    await db().execute(sql`INSERT INTO topic_videos (topic_id, video_id)
      SELECT id, ${work.id} FROM topics WHERE name = '露营' AND day = '2026-11-27'`);
    await runOn('2026-11-28', {
      topics: { 露营: [{ name: '露营', views: 550_000_000 }], 露营装备: [{ name: '露营装备推荐', views: 9_000_000 }] },
    });

    const record = await runOn('2026-11-30', {
      topics: {
        露营: [{ name: '露营', views: 600_000_000 }],
        露营装备: vendorError('rate_limited', 'TikHub: 429 Too Many Requests'),
      },
    });
    expect(record).toMatchObject({ status: 'failed', rowsAdded: 1, failures: 1 });
    expect(record.error).toContain('429');

    // The 28th against the 27th: +10 %; the 30th has no 29th to compare with, so its growth is unknown.
    const [camping] = await topicsOf('2026-11-28');
    expect(camping).toMatchObject({ name: '露营', heat: 550_000_000 });
    expect(camping!.growth).toBeCloseTo(0.1, 6);
    expect(await topicsOf('2026-11-30')).toEqual([
      { name: '露营', heat: 600_000_000, video_count: null, growth: null, source: 'scripted', is_demo: false },
    ]);
    expect(await worksUnder('2026-11-28', '露营')).toEqual(['v-camp']);
    expect(await worksUnder('2026-11-30', '露营')).toEqual(['v-camp']);
  });

  it('counts a topic found again as unchanged, keeps an import’s work count, and compares heat of one source only', async () => {
    // Imported rows: the day before and the day itself, their heat measured their own way.
    await db().execute(sql`INSERT INTO topics (platform, kind, name, heat, video_count, growth, day, is_demo)
      VALUES ('DSO', 'video', '露营', 450000000, 1100, 0.02, '2026-11-27', false),
        ('DSO', 'video', '露营', 480000000, 1200, 0.05, '2026-11-28', false)`);
    const topics = { 露营: [{ name: '露营', views: 500_000_000 }] };
    expect(await runOn('2026-11-28', { topics })).toMatchObject({ status: 'succeeded', rowsUpdated: 1 });
    expect(await runOn('2026-11-28', { topics })).toMatchObject({
      status: 'succeeded',
      rowsAdded: 0,
      rowsUpdated: 0,
      rowsUnchanged: 1,
    });
    // The import's work count stays (the source gives none); its growth, of its own heat, gives way, and the
    // imported day before is no measure of views.
    expect(await topicsOf('2026-11-28')).toEqual([
      { name: '露营', heat: 500_000_000, video_count: 1200, growth: null, source: 'scripted', is_demo: false },
    ]);
    // The next day compares with the collected heat.
    await runOn('2026-11-29', { topics: { 露营: [{ name: '露营', views: 525_000_000 }] } });
    expect((await topicsOf('2026-11-29'))[0]!.growth).toBeCloseTo(0.05, 6);
  });

  it('writes nothing for empty answers (recorded empty) and stores what was answered before refused credentials', async () => {
    expect(await runOn('2026-11-28', { topics: {} })).toMatchObject({ status: 'empty', rowsAdded: 0 });
    expect(await topicsOf('2026-11-28')).toEqual([]);

    const calls: string[] = [];
    const record = await runOn('2026-11-28', {
      calls,
      topics: {
        露营: [{ name: '露营', views: 500_000_000 }],
        露营装备: vendorError('unauthorized', 'TikHub: 401 Unauthorized'),
      },
    });
    expect(record).toMatchObject({ status: 'failed', rowsAdded: 1 });
    expect(record.error).toContain('401');
    expect((await topicsOf('2026-11-28')).map((topic) => topic.name)).toEqual(['露营']);
  });

  it('collects through the TikHub adapter from its fake, a cut connection counted as one word’s failure', async () => {
    const fake = await startFakeTikhub({ apiKey: 'tikhub-key' });
    try {
      fake.setTopicSuggestions('露营', [
        { name: '露营', views: 38_000_000_000, cid: '1582917040617474' },
        { name: '露营装备', views: 2_100_000_000 },
      ]);
      fake.setTopicSuggestions('露营装备', [{ name: '露营装备', views: 2_100_000_000 }]);
      fake.failNext('/api/v1/douyin/search/fetch_challenge_suggest', 'cut');
      const source = createTikhubPlatformData({ baseUrl: fake.url, apiKey: 'tikhub-key', timeoutMs: 2_000 });
      // The first word's call is cut: counted, and the second word's answer still stored.
      const record = await roundOn('2026-11-28', source);
      expect(record).toMatchObject({ status: 'failed', rowsAdded: 1, failures: 1 });
      expect(record.error).toBeTruthy();
      expect((await topicsOf('2026-11-28')).map((topic) => [topic.name, topic.heat])).toEqual([
        ['露营装备', 2_100_000_000],
      ]);
      const again = await roundOn('2026-11-28', source);
      expect(again).toMatchObject({ status: 'succeeded', rowsAdded: 1, rowsUnchanged: 1, failures: 0 });
      expect((await topicsOf('2026-11-28')).map((topic) => [topic.name, topic.heat])).toEqual([
        ['露营', 38_000_000_000],
        ['露营装备', 2_100_000_000],
      ]);
    } finally {
      await fake.close();
    }
  });
});
