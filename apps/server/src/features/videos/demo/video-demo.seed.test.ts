import { Code, CreatorPath, VideoPath } from '@dso/contract';
import { averagePerVideo } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { createTestApp, createUser, loginAs, type TestApp } from '../../../testing';
import { rowCount } from '../../../testing/database';
import { firstRunPlan, headPhrases, seedKeywords } from '../../keywords';
import { DEEP_COMMENTS } from './comments';
import { endOfDay, HEAD_PLAN_VIDEOS, type VideoDemoOptions } from './generator';
import { seedVideoDemo } from './seed';
import { MIN_TEXT_KEYWORDS } from './titles';

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

const count = (t: TestApp, table: string) => rowCount(t.database.db, table);

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
      expect(row.aweme_count).toBe(row.works);
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

  describe('read through the routes as a user would', () => {
    const get = async (url: string, token?: string) =>
      (await t.request({ method: 'GET', url, ...(token ? { token } : {}) })).json();
    const tokenOf = async (grade: string) => loginAs(t.database.db, (await createUser(t.database.db, { grade })).id);

    it('lets the comment tab of each industry’s most liked works page 20 a page to the 10th page (002 §4)', async () => {
      const deep = await queryRows<{ aweme_id: string; industry: string; create_time: Date; n: number }>(
        t.database.db,
        sql`SELECT v.aweme_id, c.field AS industry, v.create_time, count(*)::int AS n
            FROM videos v JOIN creators c ON c.id = v.creator_id JOIN video_comments vc ON vc.video_id = v.id
            GROUP BY v.id, c.field HAVING count(*) >= 200`,
      );
      // Several industries, up to 4 detailed works each; every other work keeps its few.
      expect(new Set(deep.map((row) => row.industry)).size).toBeGreaterThanOrEqual(8);
      expect(Math.max(...deep.map((row) => row.n))).toBe(DEEP_COMMENTS);
      const token = await tokenOf('VIP');
      const until = endOfDay(asOf).getTime() / 1000;
      for (const video of deep.slice(0, 3)) {
        const page10 = await get(`${VideoPath.comments}?awemeId=${video.aweme_id}&pageNo=10`, token);
        expect(page10.code).toBe(Code.OK);
        expect(page10.data).toMatchObject({ page_no: 10, has_more: false });
        expect(page10.data.total_record).toBeGreaterThanOrEqual(200);
        expect(page10.data.result).toHaveLength(20);
        const page9 = await get(`${VideoPath.comments}?awemeId=${video.aweme_id}&pageNo=9`, token);
        expect(page9.data.has_more).toBe(true);
        const published = new Date(video.create_time).getTime() / 1000;
        for (const comment of [...page9.data.result, ...page10.data.result]) {
          expect(comment.create_time).toBeGreaterThanOrEqual(Math.floor(published));
          expect(comment.create_time).toBeLessThanOrEqual(until);
        }
        // Ten pages of different people saying different things.
        const texts = new Set<string>();
        for (let page = 1; page <= 10; page++) {
          const answer = await get(`${VideoPath.comments}?awemeId=${video.aweme_id}&pageNo=${page}`, token);
          for (const comment of answer.data.result) texts.add(comment.text);
        }
        expect(texts.size).toBeGreaterThan(170);
      }
    }, 60_000);

    it('gives a creator header the works count its works tab lists', async () => {
      const sampled = await queryRows<{ user_id: string }>(
        t.database.db,
        sql`SELECT user_id FROM creators ORDER BY id LIMIT 40`,
      );
      for (const { user_id } of sampled) {
        const profile = await get(`${CreatorPath.profile}?userId=${user_id}`);
        const works = await get(`${CreatorPath.videos}?userId=${user_id}&page_size=50`);
        expect(profile.data.aweme_count).toBeGreaterThan(0);
        expect(profile.data.aweme_count).toBe(works.data.total_record);
        // 获赞 is the listed works' likes.
        const likes = works.data.result.reduce((sum: number, row: { good_count: number }) => sum + row.good_count, 0);
        if (works.data.result.length === works.data.total_record) expect(profile.data.total_favorited).toBe(likes);
      }
    }, 60_000);

    it(`links every detailed work to at least ${MIN_TEXT_KEYWORDS} library keywords its title and description hold`, async () => {
      const rows = await queryRows<{ video_desc: string; keywords: string[] }>(
        t.database.db,
        sql`SELECT v.video_desc, array_agg(k.keyword) AS keywords FROM videos v
            JOIN video_keywords vk ON vk.video_id = v.id JOIN keywords k ON k.id = vk.keyword_id
            WHERE v.id IN (SELECT video_id FROM video_trends) GROUP BY v.id`,
      );
      expect(rows.length).toBe(options.detailedVideos);
      for (const row of rows) {
        expect(row.keywords.length).toBeGreaterThanOrEqual(MIN_TEXT_KEYWORDS);
        for (const keyword of row.keywords) expect(row.video_desc).toContain(keyword);
      }
      const [sample] = await queryRows<{ aweme_id: string }>(
        t.database.db,
        sql`SELECT v.aweme_id FROM videos v JOIN video_trends tr ON tr.video_id = v.id ORDER BY v.id LIMIT 1`,
      );
      const answer = await (
        await t.request({
          method: 'POST',
          url: VideoPath.keywords,
          token: await tokenOf('VIP'),
          body: { params_data: { video_id: sample!.aweme_id } },
        })
      ).json();
      expect(answer.data.total_record).toBeGreaterThanOrEqual(MIN_TEXT_KEYWORDS);
    }, 60_000);

    it('shows no trend point before a work’s publish time, and trends that are not one smooth formula', async () => {
      const videos = await queryRows<{ aweme_id: string; create_time: Date }>(
        t.database.db,
        sql`SELECT v.aweme_id, v.create_time FROM videos v JOIN video_trends tr ON tr.video_id = v.id ORDER BY v.id`,
      );
      const token = await tokenOf('FREE');
      let noisy = 0;
      for (const video of videos) {
        const answer = await get(`${VideoPath.trend}?aweme_id=${video.aweme_id}`, token);
        const points = answer.data as Array<{ create_time: number; good_increment: number }>;
        const published = new Date(video.create_time).getTime() / 1000;
        for (const point of points) expect(point.create_time).toBeGreaterThanOrEqual(published);
        // Hourly gains of a smooth decay only ever shrink (but for rounding); real ones rise again now and then.
        const gains = points.slice(1).map((point) => point.good_increment);
        const rises = gains.filter((gain, hour) => hour > 0 && gain > gains[hour - 1]! * 1.15 + 3);
        if (rises.length > 0) noisy++;
      }
      expect(videos.length).toBe(options.detailedVideos);
      expect(noisy).toBeGreaterThan(videos.length * 0.4);
    }, 120_000);

    it('lets follower counts fall on some days, as real accounts’ do', async () => {
      const rows = await queryRows<{ counts: number[] }>(
        t.database.db,
        sql`SELECT array_agg(follower_count ORDER BY day) AS counts FROM creator_follower_history GROUP BY creator_id`,
      );
      const falling = rows.filter(({ counts }) =>
        counts.some((value, day) => day > 0 && Number(value) < Number(counts[day - 1])),
      );
      expect(falling.length).toBeGreaterThan(rows.length * 0.3);
      const user = await get(
        `${CreatorPath.followerTrend}?userId=${(await queryRows<{ user_id: string }>(t.database.db, sql`SELECT user_id FROM creators ORDER BY id LIMIT 1`))[0]!.user_id}&days=30`,
        await tokenOf('FREE'),
      );
      expect(user.data.points.length).toBe(30);
    });
  });
});
