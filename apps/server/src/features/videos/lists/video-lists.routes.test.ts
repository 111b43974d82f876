import { Code, VideoPath } from '@dso/contract';
import { keywordMessages } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { createCreator, createVideo } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 8));

describe('the video lists', () => {
  const t = useTestApp();
  const { db, get, tokenOf } = t;

  const ids = (answer: { data: { result: Array<{ video_id: string }> } }) =>
    answer.data.result.map((row) => row.video_id);

  describe('video search', () => {
    it('finds titles holding the keyword (any case), most liked first, with the creator on each row', async () => {
      const creator = await createCreator(db(), { nickName: '露营的老周', followers: 88_000 });
      const low = await createVideo(db(), { creatorId: creator.id, desc: '周末Camping露营装备清单', goodCount: 500 });
      const high = await createVideo(db(), { creatorId: creator.id, desc: '新手露营camping全攻略', goodCount: 9_000 });
      await createVideo(db(), { desc: '城市骑行路线推荐', goodCount: 99_000 });
      await createVideo(db(), { desc: '露营camping但已删除', status: 'deleted' });

      const answer = await get(`${VideoPath.search}?keyword=CAMPING`);
      expect(answer.code).toBe(Code.OK);
      expect(ids(answer)).toEqual([high.awemeId, low.awemeId]);
      expect(answer.data).toMatchObject({ total_record: 2, total_estimated: false, data_max: 10, user_grade: 'FREE' });
      expect(answer.data.result[0]).toMatchObject({
        video_desc: '新手露营camping全攻略',
        user_id: creator.userId,
        user_nick_name: '露营的老周',
        total_follower_count: 88_000,
        good_count: 9_000,
        duration: 15_000,
        origin_cover: '',
        create_time: Math.floor(high.createTime.getTime() / 1000),
        status: 'normal',
      });
    });

    it('matches a single character and sorts newest first on request', async () => {
      const older = await createVideo(db(), { desc: '鳗鱼饭的做法', createTime: day(3), goodCount: 100_000 });
      const newer = await createVideo(db(), { desc: '烤鳗鱼', createTime: day(9), goodCount: 10 });
      const answer = await get(`${VideoPath.search}?keyword=鳗&sort=create_time`);
      expect(ids(answer)).toEqual([newer.awemeId, older.awemeId]);
    });

    it('takes LIKE wildcards literally', async () => {
      await createVideo(db(), { desc: '打折100%真实测评' });
      await createVideo(db(), { desc: '打折1000元真实' });
      const answer = await get(`${VideoPath.search}?keyword=${encodeURIComponent('100%')}`);
      expect(answer.data.result.map((row: { video_desc: string }) => row.video_desc)).toEqual(['打折100%真实测评']);
    });

    it('refuses a missing or too long keyword, a bad sort and page size in Chinese', async () => {
      expect(await get(VideoPath.search)).toMatchObject({ code: Code.BAD_REQUEST, msg: keywordMessages.required });
      expect(await get(`${VideoPath.search}?keyword=%20%20`)).toMatchObject({ msg: keywordMessages.required });
      const long = encodeURIComponent('长'.repeat(31));
      expect(await get(`${VideoPath.search}?keyword=${long}`)).toMatchObject({ msg: keywordMessages.tooLong });
      expect(await get(`${VideoPath.search}?keyword=a&sort=play`)).toMatchObject({ msg: '排序字段不正确' });
      expect(await get(`${VideoPath.search}?keyword=a&page_size=15`)).toMatchObject({ msg: '每页条数不正确' });
    });

    it('caps rows at the guest rows for visitors and the grade rows for users, and pages without overlap', async () => {
      const creator = await createCreator(db());
      for (let i = 0; i < 35; i++) {
        await createVideo(db(), { creatorId: creator.id, desc: `翻页测试${i}号`, goodCount: 1_000 + i });
      }
      const visitor = await get(`${VideoPath.search}?keyword=翻页测试&page_size=10`);
      expect(visitor.data).toMatchObject({ total_record: 35, data_max: 10 });
      expect(visitor.data.result).toHaveLength(10);
      expect((await get(`${VideoPath.search}?keyword=翻页测试&page_size=10&page_no=2`)).data.result).toEqual([]);

      const free = await tokenOf('FREE');
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        pages.push(await get(`${VideoPath.search}?keyword=翻页测试&page_size=10&page_no=${page}`, free));
      }
      expect(pages[0].data).toMatchObject({ data_max: 30, user_grade: 'FREE' });
      const seen = pages.flatMap((page) => page.data.result.map((row: { good_count: number }) => row.good_count));
      expect(seen).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
      expect(seen[0]).toBe(1_034);
      expect(pages[3].data.result).toEqual([]);

      const vip = await tokenOf('VIP');
      const deep = await get(`${VideoPath.search}?keyword=翻页测试&page_size=10&page_no=4`, vip);
      expect(deep.data.data_max).toBe(300);
      expect(deep.data.result).toHaveLength(5);
    });
  });

  describe('works ranked under a keyword', () => {
    it('lists a keyword’s ranked works of the latest day by place, or of the day asked', async () => {
      const first = await createVideo(db(), {
        keywords: [{ keyword: '咖啡拉花', monthCoverCount: 5_000, competition: 2, searchRank: 1 }],
      });
      const third = await createVideo(db(), {
        keywords: [{ keyword: '咖啡拉花', monthCoverCount: 5_000, competition: 2, searchRank: 3 }],
        durationMs: 0,
      });
      await createVideo(db(), { keywords: [{ keyword: '咖啡拉花', monthCoverCount: 5_000, competition: 2 }] });
      const earlier = await createVideo(db(), {
        keywords: [{ keyword: '咖啡拉花', monthCoverCount: 5_000, competition: 2, searchRank: 2, asOf: '2026-11-18' }],
      });

      const latest = await get(`${VideoPath.keywordRank}?keyword=${encodeURIComponent('咖啡拉花')}`);
      expect(latest.code).toBe(Code.OK);
      expect(latest.data).toMatchObject({ keyword: '咖啡拉花', as_of: '2026-11-20', total_record: 2, data_max: 10 });
      expect(latest.data.result.map((row: { video_id: string; rank: number }) => [row.video_id, row.rank])).toEqual([
        [first.awemeId, 1],
        [third.awemeId, 3],
      ]);
      expect(latest.data.result[1].duration).toBe(0);

      const older = await get(`${VideoPath.keywordRank}?keyword=${encodeURIComponent('咖啡拉花')}&date=2026-11-18`);
      expect(older.data).toMatchObject({ as_of: '2026-11-18', total_record: 1 });
      expect(ids(older)).toEqual([earlier.awemeId]);
    });

    it('answers an empty list with as_of null for a keyword without ranked works', async () => {
      const answer = await get(`${VideoPath.keywordRank}?keyword=${encodeURIComponent('没有这个词')}`);
      expect(answer.data).toMatchObject({ keyword: '没有这个词', as_of: null, total_record: 0, result: [] });
    });

    it('refuses a missing keyword and a malformed date in Chinese', async () => {
      expect(await get(VideoPath.keywordRank)).toMatchObject({ code: Code.BAD_REQUEST, msg: keywordMessages.required });
      expect(await get(`${VideoPath.keywordRank}?keyword=a&date=20261118`)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '日期格式不正确',
      });
    });

    it('refuses a date that is not on the calendar with 400 and 日期格式不正确, not a server error', async () => {
      for (const date of ['2026-02-30', '2026-13-01', '2026-06-31']) {
        const response = await t.request({ method: 'GET', url: `${VideoPath.keywordRank}?keyword=a&date=${date}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg: '日期格式不正确', data: null });
      }
    });
  });

  describe('small accounts’ breakout works', () => {
    it('lists works with at least 10 likes per follower of accounts up to 100,000 followers, newest first', async () => {
      const field = '宠物测试';
      const small = await createCreator(db(), { followers: 2_000, field });
      const edge = await createCreator(db(), { followers: 100_000, field });
      const big = await createCreator(db(), { followers: 100_001, field });
      const hit = await createVideo(db(), { creatorId: small.id, goodCount: 20_000, createTime: day(5) });
      const edgeHit = await createVideo(db(), { creatorId: edge.id, goodCount: 1_000_000, createTime: day(8) });
      await createVideo(db(), { creatorId: small.id, goodCount: 19_999 });
      await createVideo(db(), { creatorId: big.id, goodCount: 50_000_000 });
      await createVideo(db(), { creatorId: (await createCreator(db(), { followers: 10 })).id, goodCount: 5_000 });

      const answer = await get(`${VideoPath.lowFollowerHits}?field=${encodeURIComponent(field)}`);
      expect(answer.code).toBe(Code.OK);
      expect(ids(answer)).toEqual([edgeHit.awemeId, hit.awemeId]);
      expect(answer.data).toMatchObject({ total_record: 2, data_max: 10 });

      const all = await get(VideoPath.lowFollowerHits, await tokenOf('FREE'));
      expect(all.data.data_max).toBe(30);
      expect(ids(all)).toEqual(expect.arrayContaining([hit.awemeId, edgeHit.awemeId]));
      expect(
        all.data.result.every((row: { total_follower_count: number }) => row.total_follower_count <= 100_000),
      ).toBe(true);
    });

    it('never counts a work without likes of an account without followers', async () => {
      const field = '零粉测试';
      await createVideo(db(), { creatorId: (await createCreator(db(), { followers: 0, field })).id, goodCount: 0 });
      expect((await get(`${VideoPath.lowFollowerHits}?field=${encodeURIComponent(field)}`)).data.result).toEqual([]);
    });

    it('refuses a bad page size in Chinese', async () => {
      expect(await get(`${VideoPath.lowFollowerHits}?page_size=7`)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '每页条数不正确',
      });
    });
  });
});
