import { averagePerVideo } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { createTestApp, type TestApp } from '../../../testing';
import { headPhrases } from '../../keywords/demo/head-terms';
import { firstRunPlan, seedKeywords } from '../../keywords/demo/seed';
import { HEAD_PLAN_VIDEOS, type VideoDemoOptions } from './generator';
import { seedVideoDemo } from './seed';

const asOf = '2026-11-20';
/** Small sizes that still hold every head-term work (the head plan) and some of everything else. */
const options: VideoDemoOptions = {
  seed: 7,
  asOf,
  creators: 150,
  videos: HEAD_PLAN_VIDEOS + 200,
  commentsPerVideo: 8,
  detailedVideos: 300,
  detailedCreators: 40,
  liveSessions: 5,
  topics: 12,
  now: new Date('2026-11-21T12:00:00Z'),
};

const count = async (t: TestApp, table: string) =>
  Number((await queryRows<{ n: number }>(t.database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

describe('seedVideoDemo: the demo video library through the ingest', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof seedVideoDemo>>;

  beforeAll(async () => {
    t = await createTestApp();
    const plan = firstRunPlan(asOf);
    const dso = plan.scopes.find((scope) => scope.platform === 'DSO')!;
    await seedKeywords(t.database.db, {
      ...plan,
      withTrends: false,
      scopes: [{ ...dso, count: headPhrases().length }],
    });
    first = await seedVideoDemo(t.database.db, options);
  }, 240_000);
  afterAll(async () => t.close());

  it('writes every kind of row', async () => {
    expect(first.creators).toBe(options.creators);
    expect(first.videos).toBe(options.videos);
    expect(await count(t, 'video_comments')).toBe(first.comments);
    expect(first.comments).toBeGreaterThan(options.videos * 2);
    expect(await count(t, 'video_trends')).toBe(options.detailedVideos);
    // Every detailed video work stores its spoken transcript; image-text posts and the rest none.
    expect(await count(t, 'videos WHERE transcript IS NOT NULL')).toBe(
      await count(t, `videos WHERE duration_ms > 0 AND id IN (SELECT video_id FROM video_trends)`),
    );
    expect(await count(t, 'videos WHERE transcript IS NOT NULL')).toBeGreaterThan(options.detailedVideos * 0.7);
    expect(await count(t, "audience_portraits WHERE subject_type = 'video'")).toBe(options.detailedVideos);
    expect(await count(t, "audience_portraits WHERE subject_type = 'creator'")).toBe(options.detailedCreators);
    expect(await count(t, 'creator_follower_history')).toBe(options.detailedCreators * 30);
    expect(first.liveSessions).toBe(options.liveSessions);
    expect(await count(t, 'live_minutes')).toBeGreaterThan(options.liveSessions * 30);
    expect(first.topics).toBe(options.topics * 2);
    expect(await count(t, 'topic_videos')).toBeGreaterThan(0);
  });

  it('is idempotent: a second seed updates the same rows', async () => {
    const again = await seedVideoDemo(t.database.db, options);
    expect({ ...again, ms: 0 }).toEqual({ ...first, ms: 0 });
    expect(await count(t, 'videos')).toBe(options.videos);
    expect(await count(t, 'creators')).toBe(options.creators);
    expect(await count(t, 'video_comments')).toBe(first.comments);
    expect(await count(t, 'video_keywords')).toBe(first.keywordLinks);
  }, 120_000);

  it('gives the head terms of the keyword library their works, linked both ways', async () => {
    for (const term of ['美食', '露营装备', '穿搭', '口红']) {
      const rows = await queryRows<{ video_desc: string; linked: boolean }>(
        t.database.db,
        sql`SELECT v.video_desc, EXISTS (SELECT 1 FROM video_keywords vk JOIN keywords k ON k.id = vk.keyword_id
              WHERE vk.video_id = v.id AND k.keyword = ${term}) AS linked
            FROM videos v WHERE v.video_desc LIKE ${`%${term}%`}`,
      );
      expect(rows.length, term).toBeGreaterThanOrEqual(4);
      expect(rows.filter((row) => row.linked).length, term).toBeGreaterThanOrEqual(4);
    }
    // Every link is to a phrase the title holds, and ranks number each keyword's works from 1.
    const wrong = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM video_keywords vk JOIN keywords k ON k.id = vk.keyword_id
          JOIN videos v ON v.id = vk.video_id
          WHERE position(k.keyword IN v.video_desc) = 0 OR vk.search_rank IS NULL OR k.platform <> 'DSO'`,
    );
    expect(wrong[0]!.n).toBe(0);
    const firsts = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(DISTINCT keyword_id)::int AS n FROM video_keywords WHERE search_rank = 1`,
    );
    expect(firsts[0]!.n).toBe(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(DISTINCT keyword_id)::int AS n FROM video_keywords`,
        )
      )[0]!.n,
    );
  });

  it('derives the per-video averages from the totals with averagePerVideo', async () => {
    const rows = await queryRows<{
      total_favorited: number;
      aweme_count: number;
      avg_good_count: number;
      works: number;
    }>(
      t.database.db,
      sql`SELECT c.total_favorited, c.aweme_count, c.avg_good_count,
            (SELECT count(*)::int FROM videos v WHERE v.creator_id = c.id) AS works FROM creators c`,
    );
    for (const row of rows) {
      expect(Number(row.avg_good_count)).toBe(averagePerVideo(Number(row.total_favorited), row.aweme_count));
      expect(row.aweme_count).toBeGreaterThanOrEqual(row.works);
    }
  });

  it('stores image-text posts with duration 0, and only pictures the server draws', async () => {
    const [row] = await queryRows<{ image_text: number; remote: number; played_images: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE duration_ms = 0)::int AS image_text,
            count(*) FILTER (WHERE origin_cover NOT LIKE '/api/demo-image/cover/%')::int AS remote,
            count(*) FILTER (WHERE duration_ms = 0 AND play_url IS NOT NULL)::int AS played_images FROM videos`,
    );
    expect(row!.image_text).toBeGreaterThan(options.videos * 0.05);
    expect(row!.remote).toBe(0);
    expect(row!.played_images).toBe(0);
    expect(await count(t, "creators WHERE avatar NOT LIKE '/api/demo-image/avatar/%'")).toBe(0);
    expect(await count(t, "video_comments WHERE avatar_url NOT LIKE '/api/demo-image/avatar/%'")).toBe(0);
    expect(await count(t, "live_sessions WHERE cover NOT LIKE '/api/demo-image/live/%'")).toBe(0);
  });

  it('counts the hot words of every detailed video with comments', async () => {
    // The detailed works are the first ones seeded, so the lowest ids.
    const withComments = await count(
      t,
      `(SELECT DISTINCT video_id FROM video_comments WHERE video_id IN (SELECT id FROM videos ORDER BY id LIMIT ${options.detailedVideos})) AS commented`,
    );
    expect(withComments).toBeGreaterThan(0);
    expect(await count(t, 'video_hot_words')).toBe(withComments);
    const [row] = await queryRows<{ words: Array<{ name: string; count: number }> }>(
      t.database.db,
      sql`SELECT words FROM video_hot_words ORDER BY comment_count DESC LIMIT 1`,
    );
    expect(row!.words.length).toBeGreaterThan(0);
    expect(row!.words.length).toBeLessThanOrEqual(10);
    expect(row!.words.map((word) => word.name)).not.toContain('的');
  });

  it('leads a work’s hot words with its subject, not the fillers of how comments are phrased', async () => {
    const rows = await queryRows<{ video_desc: string; tags: string[]; words: Array<{ name: string }> }>(
      t.database.db,
      sql`SELECT v.video_desc, v.video_tag AS tags, h.words FROM video_hot_words h JOIN videos v ON v.id = h.video_id
          WHERE h.comment_count >= 6`,
    );
    expect(rows.length).toBeGreaterThan(20);
    // The subject is the first tag; jieba may cut it (露营装备 → 露营, 装备).
    const led = rows.filter(
      ({ tags, words }) => tags[0]!.includes(words[0]!.name) || words[0]!.name.includes(tags[0]!),
    );
    expect(led.length).toBeGreaterThan(rows.length * 0.9);
    const names = new Set(rows.flatMap(({ words }) => words.map((word) => word.name)));
    for (const filler of ['有点', '早点', '回复', '视频', '这条', '一般般'])
      expect(names.has(filler), filler).toBe(false);
  });

  it('keeps 72 hourly slots per trend, cumulative', async () => {
    const rows = await queryRows<{ good_values: Array<number | null> }>(
      t.database.db,
      sql`SELECT good_values FROM video_trends LIMIT 50`,
    );
    for (const row of rows) {
      expect(row.good_values).toHaveLength(72);
      const seen = row.good_values.filter((value): value is number => value !== null).map(Number);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
    }
  });
});
