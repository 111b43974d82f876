import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { useTestDatabase } from '../../../testing/route-suite';
import { campingKeyword } from '../../../testing/videos';
import { upsertKeywords } from '../../keywords';
import { refreshHotWords } from './hot-words';
import {
  type CreatorIngest,
  linkVideoKeywords,
  upsertComments,
  upsertCreators,
  upsertLiveSessions,
  upsertTopics,
  upsertTrends,
  upsertVideos,
  type VideoIngest,
} from './video-ingest.repository';

const creator: CreatorIngest = {
  userId: 'MS4wLjABAAAAingest1',
  uniqueId: 'dy-ingest',
  nickName: '露营小王',
  avatar: '',
  signature: '',
  gender: 1,
  province: '浙江',
  city: '杭州',
  field: '旅游出行',
  verified: false,
  verifyInfo: null,
  isCommerce: true,
  mcn: null,
  followerCount: 52_000,
  followerGrowth30d: 1_200,
  totalFavorited: 100_000,
  awemeCount: 3,
  videoCommentTotalCount: 3_001,
  videoShareTotalCount: 300,
  videoCollectTotalCount: 900,
  salesAmountFen30d: 5_000_000,
  liveCount: 4,
  asOf: '2026-11-20',
  isDemo: false,
};

const video: VideoIngest = {
  awemeId: '7400000000000000001',
  authorUserId: creator.userId,
  desc: '露营装备推荐｜新手露营清单 #露营装备',
  tags: ['露营装备'],
  score: 81,
  cover: '',
  shareUrl: 'https://www.douyin.com/video/7400000000000000001',
  playUrl: null,
  createTime: new Date('2026-11-18T02:00:00Z'),
  fetchedAt: new Date('2026-11-20T10:00:00Z'),
  durationMs: 0,
  goodCount: 1_000,
  commentCount: 20,
  shareCount: 5,
  collectCount: 30,
  musicId: null,
  musicTitle: null,
  goods: [{ title: '帐篷', price_fen: 19_900, sales: 3 }],
  status: 'normal',
  wordNew: ['露营装备'],
  transcript: '今天聊聊露营装备。\n最后，记得收藏。',
  isDemo: false,
};

describe('video ingest', () => {
  const db = () => handle.db;
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db(), query))[0]!;

  const handle = useTestDatabase(async () => {
    await upsertKeywords(db(), [campingKeyword]);
  });

  it('upserts a creator with its per-video averages and grams, then updates it in place', async () => {
    const { ids, inserted } = await upsertCreators(db(), [creator]);
    expect(inserted).toBe(1);
    const stored = await one<{
      avg_good_count: number;
      avg_comment_count: number;
      avg_collect_count: number;
      grams: number[];
    }>(
      sql`SELECT avg_good_count, avg_comment_count, avg_collect_count, grams FROM creators WHERE id = ${ids.get(creator.userId)!}`,
    );
    expect(Number(stored.avg_good_count)).toBe(33_333);
    expect(Number(stored.avg_comment_count)).toBe(1_000);
    expect(Number(stored.avg_collect_count)).toBe(300);
    expect(stored.grams.length).toBeGreaterThan(0);

    // A source without comment totals (null) keeps the stored ones; a second import is an update.
    const again = await upsertCreators(db(), [
      { ...creator, followerCount: 60_000, videoCommentTotalCount: null, salesAmountFen30d: null, field: null },
    ]);
    expect(again.inserted).toBe(0);
    expect(again.ids.get(creator.userId)).toBe(ids.get(creator.userId));
    const updated = await one<{ n: number; followers: number; comments: number; sales: number; field: string }>(
      sql`SELECT count(*) OVER ()::int AS n, total_follower_count::int AS followers, video_comment_total_count::int AS comments,
            sales_amount_fen::int AS sales, field FROM creators`,
    );
    expect(updated).toEqual({ n: 1, followers: 60_000, comments: 3_001, sales: 5_000_000, field: '旅游出行' });
  });

  it('upserts videos by aweme id, keeps goods and a transcript a source does not give, and reports a missing author', async () => {
    const first = await upsertVideos(db(), [
      video,
      { ...video, awemeId: '7400000000000000002', authorUserId: 'nobody' },
    ]);
    expect(first.inserted).toBe(1);
    expect(first.missingAuthor).toEqual(['7400000000000000002']);
    const second = await upsertVideos(db(), [
      { ...video, goodCount: 2_000, goods: null, score: null, transcript: null },
    ]);
    expect(second.inserted).toBe(0);
    const stored = await one<{
      n: number;
      good_count: number;
      goods: unknown[];
      is_with_goods: boolean;
      video_score: number;
      duration_ms: number;
      transcript: string;
    }>(
      sql`SELECT count(*) OVER ()::int AS n, good_count::int AS good_count, goods, is_with_goods, video_score, duration_ms,
            transcript FROM videos`,
    );
    expect(stored).toMatchObject({
      n: 1,
      good_count: 2_000,
      is_with_goods: true,
      video_score: 81,
      duration_ms: 0,
      transcript: video.transcript,
    });
    expect(stored.goods).toHaveLength(1);
  });

  it('upserts comments by comment id and counts their hot words', async () => {
    const videoId = (await upsertVideos(db(), [video])).ids.get(video.awemeId)!;
    const comments = ['帐篷在哪买', '这个帐篷好用吗', '天幕也不错'].map((text, i) => ({
      videoId,
      cid: `c${i}`,
      text,
      createTime: new Date('2026-11-19T00:00:00Z'),
      diggCount: 10 - i,
      replyCount: 0,
      nickname: '用户',
      avatarUrl: '',
      isDemo: false,
    }));
    await upsertComments(db(), comments);
    await upsertComments(db(), [{ ...comments[0]!, diggCount: 99 }]);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM video_comments`)).n).toBe(3);
    expect((await one<{ d: number }>(sql`SELECT digg_count::int AS d FROM video_comments WHERE cid = 'c0'`)).d).toBe(
      99,
    );
    await refreshHotWords(db(), [videoId]);
    const hot = await one<{ words: Array<{ name: string; count: number }>; comment_count: number }>(
      sql`SELECT words, comment_count FROM video_hot_words WHERE video_id = ${videoId}`,
    );
    expect(hot.words[0]).toEqual({ name: '帐篷', count: 2 });
    expect(hot.comment_count).toBe(3);
  });

  it('keeps unobserved trend hours null and links only keywords the library holds', async () => {
    const videoId = (await upsertVideos(db(), [video])).ids.get(video.awemeId)!;
    const values = [1, 2, null, 4];
    await upsertTrends(db(), [
      {
        videoId,
        startTime: new Date('2026-11-18T02:00:00Z'),
        goodValues: values,
        commentValues: values,
        shareValues: values,
        collectValues: values,
      },
    ]);
    const trend = await one<{ good_values: Array<number | null> }>(sql`SELECT good_values FROM video_trends`);
    expect(trend.good_values.map((value) => (value === null ? null : Number(value)))).toEqual(values);
    const linked = await linkVideoKeywords(db(), [
      { videoId, keyword: '露营装备', searchRank: 3, asOf: '2026-11-20' },
      { videoId, keyword: '不在词库里的词', searchRank: null, asOf: '2026-11-20' },
    ]);
    expect(linked).toBe(1);
    await linkVideoKeywords(db(), [{ videoId, keyword: '露营装备', searchRank: null, asOf: '2026-11-21' }]);
    expect(await one(sql`SELECT search_rank, count(*) OVER ()::int AS n FROM video_keywords`)).toEqual({
      search_rank: 3,
      n: 1,
    });
  });

  it('upserts live sessions with their minutes and topics with their works', async () => {
    const session = {
      roomId: '7380000000000000009',
      authorUserId: creator.userId,
      title: '露营专场',
      cover: '',
      startTime: new Date('2026-11-20T12:00:00Z'),
      endTime: null,
      watchCount: 100,
      peakOnline: 50,
      salesAmountFen: 1_000,
      goods: [],
      minutes: [
        { minute: 0, online: 10, entering: 5, salesFen: 0 },
        { minute: 1, online: 50, entering: 9, salesFen: 1_000 },
      ],
      isDemo: false,
    };
    await upsertLiveSessions(db(), [session]);
    await upsertLiveSessions(db(), [
      {
        ...session,
        endTime: new Date('2026-11-20T13:00:00Z'),
        minutes: [{ minute: 1, online: 60, entering: 9, salesFen: 1_000 }],
      },
    ]);
    expect(await one(sql`SELECT count(*)::int AS n, max(online) AS top FROM live_minutes`)).toEqual({ n: 2, top: 60 });
    expect((await one<{ ended: boolean }>(sql`SELECT end_time IS NOT NULL AS ended FROM live_sessions`)).ended).toBe(
      true,
    );
    const topic = {
      kind: 'image_text' as const,
      name: '露营装备',
      day: '2026-11-20',
      heat: 10,
      videoCount: 3,
      growth: 0.1,
      isDemo: false,
    };
    await upsertTopics(db(), [{ ...topic, awemeIds: [video.awemeId, 'unknown'] }]);
    await upsertTopics(db(), [{ ...topic, heat: 20, awemeIds: [video.awemeId] }]);
    expect(await one(sql`SELECT count(*)::int AS n, max(heat)::int AS heat FROM topics`)).toEqual({ n: 1, heat: 20 });
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM topic_videos`)).n).toBe(1);
  });
});
