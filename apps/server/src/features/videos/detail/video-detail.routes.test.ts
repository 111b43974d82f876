import { Code, CreatorPath, VideoPath, videoMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { createCreator, createVideo } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { videoPortrait } from '../../../testing/videos';

describe('the video detail panel', () => {
  const t = useTestApp();
  const { db, get, post, tokenOf } = t;
  /** The `is_example` flag `url` answers a visitor, then a new user of each of `grades`. */
  const exampleFlags = async (url: string, grades: string[] = []) => {
    const flags = [(await get(url)).data.is_example];
    for (const grade of grades) flags.push((await get(url, await tokenOf(grade))).data.is_example);
    return flags;
  };

  describe('video details', () => {
    it('answers a visitor the video with its creator and the creator averages', async () => {
      const creator = await createCreator(db(), { nickName: '做饭的阿明', followers: 250_000, avgGoodCount: 8_000 });
      const video = await createVideo(db(), { creatorId: creator.id });
      const answer = await get(`${VideoPath.detail}?awemeId=${video.awemeId}`);
      expect(answer.code).toBe(Code.OK);
      expect(answer.data).toMatchObject({
        video_id: video.awemeId,
        user_id: creator.userId,
        user_nick_name: '做饭的阿明',
        total_follower_count: 250_000,
        duration: 15_000,
        good_count: 12_000,
        goods: [{ title: '锅', price: 9_900, sales: 12, cover: null }],
        word_new: '火锅,食谱',
        status: 'normal',
        status_text: null,
        play_url: 'https://example.test/play.mp4',
        creator_avg: { good_count: 8_000 },
        refresh_locked_until: null,
        collected: false,
        create_time: Math.floor(video.createTime.getTime() / 1000),
      });
    });

    it('marks demo data as example data for a caller whose grade lacks a tab, never for one who holds them all', async () => {
      const detailOf = (awemeId: string) => `${VideoPath.detail}?awemeId=${awemeId}`;
      const demo = await createVideo(db(), { isDemo: true });
      expect(await exampleFlags(detailOf(demo.awemeId), ['VIP', 'SVIP', 'EVIP'])).toEqual([true, true, false, false]);
      expect(await exampleFlags(detailOf((await createVideo(db())).awemeId))).toEqual([false]);
    });

    it('says 视频已删除或隐藏 for a deleted or hidden video', async () => {
      for (const status of ['deleted', 'hidden'] as const) {
        const video = await createVideo(db(), { status });
        const answer = await get(`${VideoPath.detail}?awemeId=${video.awemeId}`);
        expect(answer.data).toMatchObject({ status, status_text: '视频已删除或隐藏' });
      }
    });

    it('flags a missing play url with a null', async () => {
      const video = await createVideo(db(), { playUrl: null });
      expect((await get(`${VideoPath.detail}?awemeId=${video.awemeId}`)).data.play_url).toBeNull();
    });

    it('answers 404 视频不存在 for an unknown video and 链接丢失啦 without an id', async () => {
      expect(await get(`${VideoPath.detail}?awemeId=404404`)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.videoNotFound,
      });
      expect(await get(VideoPath.detail)).toMatchObject({ code: Code.BAD_REQUEST, msg: videoMessages.linkMissing });
      expect(await get(`${VideoPath.detail}?awemeId=a%20b`)).toMatchObject({ msg: videoMessages.linkMissing });
    });
  });

  describe('creator profile', () => {
    it('answers a visitor the stats, averages, size class and a banded sales amount', async () => {
      const creator = await createCreator(db(), { followers: 250_000, salesAmountFen: 5_000_000_00 });
      const answer = await get(`${CreatorPath.profile}?userId=${creator.userId}`);
      expect(answer.code).toBe(Code.OK);
      expect(answer.data).toMatchObject({
        user_id: creator.userId,
        total_follower_count: 250_000,
        total_favorited: 900_000,
        aweme_count: 30,
        video_comment_total_count: 12_000,
        video_share_total_count: 3_000,
        avg_good_count: 30_000,
        size_class: { code: 'mid', label: '腰部达人' },
        sales_class: { code: 'shoulder', label: '肩部' },
        collected: false,
      });
      expect(typeof answer.data.sales_amount).toBe('string');
    });

    it('shows the exact sales amount to a user with show_original_data', async () => {
      const creator = await createCreator(db(), { salesAmountFen: 123_456 });
      const answer = await get(`${CreatorPath.profile}?userId=${creator.userId}`, await tokenOf('VIP', true));
      expect(answer.data.sales_amount).toBe(123_456);
    });

    it('marks a demo creator as example data for a caller without the audience tab, never for one with it', async () => {
      const profileOf = (userId: string) => `${CreatorPath.profile}?userId=${userId}`;
      const demo = await createCreator(db(), { isDemo: true });
      expect(await exampleFlags(profileOf(demo.userId), ['VIP', 'SVIP'])).toEqual([true, true, false]);
      expect(await exampleFlags(profileOf((await createCreator(db())).userId))).toEqual([false]);
    });

    it('answers 404 达人不存在 for an unknown creator', async () => {
      expect(await get(`${CreatorPath.profile}?userId=nobody`)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.creatorNotFound,
      });
    });
  });

  describe('trend', () => {
    it('asks a visitor to log in', async () => {
      const video = await createVideo(db());
      expect((await get(`${VideoPath.trend}?aweme_id=${video.awemeId}`)).code).toBe(Code.TOKEN_INVALID);
    });

    it('answers the first 48 hours of the stored 72, skipping unobserved hours, with increments', async () => {
      const likes: Array<number | null> = Array.from({ length: 72 }, (_, hour) => (hour + 1) * 100);
      likes[2] = null;
      const video = await createVideo(db(), { trendLikes: likes });
      const answer = await get(`${VideoPath.trend}?aweme_id=${video.awemeId}`, await tokenOf('FREE'));
      expect(answer.code).toBe(Code.OK);
      const points = answer.data as Array<Record<string, number>>;
      expect(points).toHaveLength(47);
      expect(points[0]).toMatchObject({ good_value: 100, good_increment: 100, comment_value: 10 });
      expect(points[2]).toMatchObject({ good_value: 400, good_increment: 200 });
      expect(points.at(-1)).toMatchObject({ good_value: 4_800 });
      expect(Number(points[1]?.create_time) - Number(points[0]?.create_time)).toBe(3_600);
      // A slot's figures are of its hour's end: the first point is an hour after the publish hour, none before publishing.
      const published = Math.floor(video.createTime.getTime() / 1000);
      expect(Number(points[0]?.create_time)).toBe(Math.floor(published / 3_600) * 3_600 + 3_600);
      for (const point of points) expect(Number(point.create_time)).toBeGreaterThan(published);
    });

    it('answers an empty list for a video without a trend, and refuses another day_cycle', async () => {
      const video = await createVideo(db());
      const token = await tokenOf('FREE');
      expect((await get(`${VideoPath.trend}?aweme_id=${video.awemeId}`, token)).data).toEqual([]);
      expect(await get(`${VideoPath.trend}?aweme_id=${video.awemeId}&day_cycle=D7`, token)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '统计周期不正确',
      });
    });
  });

  describe('comment analysis (hot words and comments)', () => {
    it('refuses FREE with 810 and the grade to buy, and a visitor with 800', async () => {
      const video = await createVideo(db(), { comments: 3 });
      const token = await tokenOf('FREE');
      for (const url of [
        `${VideoPath.hotWords}?videoId=${video.awemeId}`,
        `${VideoPath.comments}?awemeId=${video.awemeId}`,
      ]) {
        expect((await get(url)).code).toBe(Code.TOKEN_INVALID);
        expect(await get(url, token)).toMatchObject({
          code: Code.NEEDS_UPGRADE,
          data: { alias: 'VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS', reason: 'lacking', action: 'pay', grade: 'VIP' },
        });
      }
    });

    it('answers the top 10 hot words, most frequent first', async () => {
      const hotWords = Array.from({ length: 12 }, (_, i) => ({ name: `词${i}`, count: i * 10 }));
      const video = await createVideo(db(), { hotWords });
      const answer = await get(`${VideoPath.hotWords}?videoId=${video.awemeId}`, await tokenOf('SVIP'));
      expect(answer.data).toHaveLength(10);
      expect(answer.data[0]).toEqual({ name: '词11', count: 110 });
      expect(answer.data[9]).toEqual({ name: '词2', count: 20 });
    });

    it('pages comments 20 at a time, most liked first, and stops at page 10', async () => {
      const video = await createVideo(db(), { comments: 45 });
      const token = await tokenOf('VIP');
      const first = await get(`${VideoPath.comments}?awemeId=${video.awemeId}`, token);
      expect(first.data).toMatchObject({ total_record: 45, page_no: 1, has_more: true });
      expect(first.data.result).toHaveLength(20);
      expect(first.data.result[0]).toMatchObject({
        cid: `c${video.id}-0`,
        text: '评论0',
        digg_count: 10_000,
        user: { nickname: '用户0', avatar_thumb: { url_list: [] } },
      });
      const third = await get(`${VideoPath.comments}?awemeId=${video.awemeId}&pageNo=3`, token);
      expect(third.data).toMatchObject({ page_no: 3, has_more: false });
      expect(third.data.result).toHaveLength(5);
      expect(await get(`${VideoPath.comments}?awemeId=${video.awemeId}&pageNo=11`, token)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: videoMessages.commentPageLimit,
      });
    });
  });

  describe('portrait', () => {
    it('refuses VIP with 810 naming SVIP', async () => {
      const video = await createVideo(db(), { portrait: true });
      expect(await get(`${VideoPath.portrait}?videoId=${video.awemeId}`, await tokenOf('VIP'))).toMatchObject({
        code: Code.NEEDS_UPGRADE,
        data: { alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', action: 'pay', grade: 'SVIP' },
      });
    });

    it('answers SVIP the distributions, largest first, and the age buckets and city levels in their order', async () => {
      const video = await createVideo(db(), { portrait: true });
      const answer = await get(`${VideoPath.portrait}?videoId=${video.awemeId}`, await tokenOf('SVIP'));
      const names = (list: { name: string }[]) => list.map((share) => share.name);
      expect(names(answer.data.age_more)).toEqual(['18-23', '24-30', '31-40', '41-50', '50+']);
      expect(names(answer.data.city_level_more)).toEqual(['一线', '新一线', '二线']);
      expect(answer.data).toMatchObject({
        gender: videoPortrait.gender,
        gender_more: videoPortrait.genderMore,
        province_more: videoPortrait.provinceMore,
        empty_text: null,
        region_empty_text: null,
        as_of: videoPortrait.asOf,
      });
    });

    it('says 暂无观众画像 for a video without a portrait', async () => {
      const video = await createVideo(db());
      const answer = await get(`${VideoPath.portrait}?videoId=${video.awemeId}`, await tokenOf('SVIP'));
      expect(answer.data).toMatchObject({
        gender_more: [],
        empty_text: '暂无观众画像',
        region_empty_text: '暂无地区分布',
      });
    });
  });

  describe('keyword relation list', () => {
    const relation = [
      { keyword: '关联火锅', monthCoverCount: 5_000, competition: 2, searchRank: 3 },
      { keyword: '关联食谱', monthCoverCount: 90_000, competition: 4 },
      { keyword: '关联火锅底料', monthCoverCount: 20_000, competition: 1 },
    ];

    it('asks a visitor to log in', async () => {
      expect((await post(VideoPath.keywords, undefined, { params_data: { video_id: '1' } })).code).toBe(
        Code.TOKEN_INVALID,
      );
    });

    it('sorts by month_cover_count descending by default, figures banded without show_original_data', async () => {
      const video = await createVideo(db(), { keywords: relation });
      const answer = await post(VideoPath.keywords, await tokenOf('FREE'), {
        params_data: { video_id: video.awemeId },
      });
      expect(answer.code).toBe(Code.OK);
      expect(answer.data.total_record).toBe(3);
      expect(answer.data.result.map((row: { keyword: string }) => row.keyword)).toEqual([
        '关联食谱',
        '关联火锅底料',
        '关联火锅',
      ]);
      expect(typeof answer.data.result[0].month_cover_count).toBe('string');
      expect(answer.data.result[2]).toMatchObject({ competition: 2, search_rank: 3 });
    });

    it('filters on competition, month_cover_count and the keyword text, with exact figures for show_original_data', async () => {
      const video = await createVideo(db(), { keywords: relation });
      const token = await tokenOf('SVIP', true);
      const filtered = await post(VideoPath.keywords, token, {
        orders: [{ column: 'competition', asc: true }],
        params_data: {
          video_id: video.awemeId,
          competition_start: 1,
          competition_end: 2,
          month_cover_count_start: 1_000,
          month_cover_count_end: 50_000,
          keyword: '火锅',
        },
      });
      expect(filtered.data.result).toEqual([
        { keyword: '关联火锅底料', month_cover_count: 20_000, competition: 1, search_rank: null },
        { keyword: '关联火锅', month_cover_count: 5_000, competition: 2, search_rank: 3 },
      ]);
      const paged = await post(VideoPath.keywords, token, {
        page_no: 2,
        page_size: 10,
        params_data: { video_id: video.awemeId },
      });
      expect(paged.data).toEqual({ total_record: 3, result: [] });
    });

    it('refuses a range whose start lies above its end with 起始值不能大于结束值', async () => {
      const video = await createVideo(db());
      const answer = await post(VideoPath.keywords, await tokenOf('FREE'), {
        params_data: { video_id: video.awemeId, month_cover_count_start: 10, month_cover_count_end: 5 },
      });
      expect(answer).toMatchObject({ code: Code.BAD_REQUEST, msg: videoMessages.rangeOrder });
    });
  });
});
