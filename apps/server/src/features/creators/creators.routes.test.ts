import { Code, CreatorPath, videoMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { createCreator, createVideo } from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { creatorPortrait } from '../../testing/videos';

/*
 * Each test names its own creators with a marker in the nickname or a field of its own, and filters
 * by it, so tests sharing one database never see each other's rows.
 */
describe('the creator calls', () => {
  const t = useTestApp();
  const { db, get, tokenOf } = t;
  const names = (answer: { data: { result: Array<{ nick_name: string }> } }) =>
    answer.data.result.map((row) => row.nick_name);

  describe('creator library', () => {
    it('finds creators by a part of the nickname, largest first, with their classes', async () => {
      await createCreator(db(), { nickName: '川味阿宝', followers: 2_000_000, field: '美食餐饮' });
      await createCreator(db(), { nickName: '阿宝川味厨房', followers: 80_000 });
      await createCreator(db(), { nickName: '川菜小王', followers: 5_000 });
      const answer = await get(`${CreatorPath.list}?keyword=${encodeURIComponent('川味')}`);
      expect(answer.code).toBe(Code.OK);
      expect(names(answer)).toEqual(['川味阿宝', '阿宝川味厨房']);
      expect(answer.data).toMatchObject({ total_record: 2, total_estimated: false, data_max: 10, user_grade: 'FREE' });
      expect(answer.data.result[0]).toMatchObject({
        field: '美食餐饮',
        total_follower_count: 2_000_000,
        size_class: { code: 'shoulder', label: '肩部达人' },
        sales_class: { code: 'tail', label: '尾部' },
      });
      // A single character uses its unigram; letters match whatever their case.
      await createCreator(db(), { nickName: 'DaXiaMiao喵' });
      expect(names(await get(`${CreatorPath.list}?keyword=${encodeURIComponent('喵')}`))).toEqual(['DaXiaMiao喵']);
      expect(names(await get(`${CreatorPath.list}?keyword=daxia`))).toEqual(['DaXiaMiao喵']);
      // LIKE wildcards typed by the user match themselves only.
      expect((await get(`${CreatorPath.list}?keyword=${encodeURIComponent('%')}`)).data.result).toEqual([]);
    });

    it('filters by field, follower class, province and commerce', async () => {
      const field = '测试领域甲';
      await createCreator(db(), { nickName: '甲一', field, followers: 9_999, province: '广东', isCommerce: true });
      await createCreator(db(), { nickName: '甲二', field, followers: 10_000, province: '广东' });
      await createCreator(db(), { nickName: '甲三', field, followers: 100_001, province: '浙江', isCommerce: true });
      await createCreator(db(), { nickName: '甲四', field, followers: 6_000_000, province: '浙江' });
      const list = async (filters: string) =>
        names(await get(`${CreatorPath.list}?field=${encodeURIComponent(field)}${filters}`));
      expect(await list('')).toEqual(['甲四', '甲三', '甲二', '甲一']);
      expect(await list('&size_class=tail')).toEqual(['甲一']);
      expect(await list('&size_class=small')).toEqual(['甲二']);
      expect(await list('&size_class=mid')).toEqual(['甲三']);
      expect(await list('&size_class=head')).toEqual(['甲四']);
      expect(await list(`&province=${encodeURIComponent('浙江')}`)).toEqual(['甲四', '甲三']);
      expect(await list('&is_commerce=true')).toEqual(['甲三', '甲一']);
      expect(await list('&is_commerce=false')).toEqual(['甲四', '甲二']);
      expect(await list(`&is_commerce=1&province=${encodeURIComponent('广东')}`)).toEqual(['甲一']);
    });

    it('sorts by likes received and by 30-day growth, largest first', async () => {
      const field = '测试领域乙';
      await createCreator(db(), { nickName: '乙一', field, totalFavorited: 10, followerGrowth30d: 500 });
      await createCreator(db(), { nickName: '乙二', field, totalFavorited: 30, followerGrowth30d: -20 });
      await createCreator(db(), { nickName: '乙三', field, totalFavorited: 20, followerGrowth30d: 900 });
      const list = async (sort: string) =>
        names(await get(`${CreatorPath.list}?field=${encodeURIComponent(field)}&sort=${sort}`));
      expect(await list('total_favorited')).toEqual(['乙二', '乙三', '乙一']);
      expect(await list('follower_growth_30d')).toEqual(['乙三', '乙一', '乙二']);
    });

    it('caps the rows: 10 for a visitor, 30 for FREE, more for VIP (PERSON_LIBRARY_ROWS)', async () => {
      const field = '测试领域丙';
      for (let i = 0; i < 35; i++) await createCreator(db(), { nickName: `丙${i}`, field, followers: 1_000 + i });
      const url = (page: number, size = 20) =>
        `${CreatorPath.list}?field=${encodeURIComponent(field)}&page_no=${page}&page_size=${size}`;
      const visitor = await get(url(1));
      expect(visitor.data).toMatchObject({ total_record: 35, data_max: 10 });
      expect(visitor.data.result).toHaveLength(10);
      expect((await get(url(2))).data.result).toHaveLength(0);
      const free = await tokenOf('FREE');
      expect((await get(url(1), free)).data).toMatchObject({ data_max: 30, user_grade: 'FREE' });
      expect((await get(url(2), free)).data.result).toHaveLength(10);
      const second = (await get(url(2), free)).data.result;
      expect(second[0].nick_name).toBe('丙14');
      const vip = await tokenOf('VIP');
      expect((await get(url(2), vip)).data).toMatchObject({ data_max: 300 });
      expect((await get(url(2), vip)).data.result).toHaveLength(15);
    });

    it('refuses bad input with Chinese messages', async () => {
      expect(await get(`${CreatorPath.list}?sort=nope`)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '排序字段不正确',
      });
      expect(await get(`${CreatorPath.list}?size_class=giant`)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '粉丝量级不正确',
      });
      expect(await get(`${CreatorPath.list}?page_size=7`)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '每页条数不正确',
      });
      const long = encodeURIComponent('长'.repeat(31));
      expect(await get(`${CreatorPath.list}?keyword=${long}`)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '关键词长度不能超过30个字符',
      });
    });

    it('answers the filter options with their counts', async () => {
      await createCreator(db(), { nickName: '丁一', field: '测试领域丁', province: '测试省' });
      await createCreator(db(), { nickName: '丁二', field: '测试领域丁', province: '测试省' });
      const answer = await get(CreatorPath.facets);
      expect(answer.code).toBe(Code.OK);
      expect(answer.data.fields).toContainEqual({ name: '测试领域丁', count: 2 });
      expect(answer.data.provinces).toContainEqual({ name: '测试省', count: 2 });
      expect(answer.data.fields.map((facet: { name: string }) => facet.name)).not.toContain('');
    });
  });

  describe("a creator's works", () => {
    it('answers the works newest first, or most liked first, with the creator on each row', async () => {
      const creator = await createCreator(db(), { nickName: '作品达人' });
      const old = await createVideo(db(), {
        creatorId: creator.id,
        desc: '旧作品',
        createTime: new Date('2026-10-01T00:00:00Z'),
        goodCount: 90_000,
      });
      const fresh = await createVideo(db(), {
        creatorId: creator.id,
        desc: '新作品',
        createTime: new Date('2026-11-10T00:00:00Z'),
        goodCount: 100,
      });
      await createVideo(db(), { desc: '别人的作品' });
      const newest = await get(`${CreatorPath.videos}?userId=${creator.userId}`);
      expect(newest.code).toBe(Code.OK);
      expect(newest.data).toMatchObject({ total_record: 2, data_max: 10 });
      expect(newest.data.result.map((row: { video_id: string }) => row.video_id)).toEqual([fresh.awemeId, old.awemeId]);
      expect(newest.data.result[0]).toMatchObject({
        video_desc: '新作品',
        user_id: creator.userId,
        user_nick_name: '作品达人',
        duration: 15_000,
        create_time: Math.floor(fresh.createTime.getTime() / 1000),
      });
      const liked = await get(`${CreatorPath.videos}?userId=${creator.userId}&sort=good_count`);
      expect(liked.data.result[0].video_id).toBe(old.awemeId);
    });

    it('answers 404 达人不存在 for an unknown creator and 链接丢失啦 without an id', async () => {
      expect(await get(`${CreatorPath.videos}?userId=nobody`)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.creatorNotFound,
      });
      expect(await get(CreatorPath.videos)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: videoMessages.linkMissing,
      });
    });
  });

  describe('follower trend', () => {
    const history = Array.from({ length: 40 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 12 + i)).toISOString().slice(0, 10),
      followers: 10_000 + i * 100,
    }));

    it('asks a visitor to log in', async () => {
      const creator = await createCreator(db(), { followerHistory: history });
      expect((await get(`${CreatorPath.followerTrend}?userId=${creator.userId}`)).code).toBe(Code.TOKEN_INVALID);
    });

    it('answers the last 30 or 7 days up to the as-of, oldest first, with increments', async () => {
      const creator = await createCreator(db(), { followerHistory: history, asOf: '2026-11-20' });
      const token = await tokenOf('FREE');
      const month = await get(`${CreatorPath.followerTrend}?userId=${creator.userId}`, token);
      expect(month.code).toBe(Code.OK);
      expect(month.data.as_of).toBe('2026-11-20');
      expect(month.data.points).toHaveLength(30);
      expect(month.data.points[0]).toEqual({ day: '2026-10-22', follower_count: 11_000, increment: 100 });
      expect(month.data.points.at(-1)).toEqual({ day: '2026-11-20', follower_count: 13_900, increment: 100 });
      const week = await get(`${CreatorPath.followerTrend}?userId=${creator.userId}&days=7`, token);
      expect(week.data.points.map((point: { day: string }) => point.day)).toEqual([
        '2026-11-14',
        '2026-11-15',
        '2026-11-16',
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
      ]);
    });

    it('answers no points without history, and refuses another period', async () => {
      const creator = await createCreator(db());
      const token = await tokenOf('FREE');
      expect((await get(`${CreatorPath.followerTrend}?userId=${creator.userId}`, token)).data).toEqual({
        as_of: null,
        points: [],
      });
      expect(await get(`${CreatorPath.followerTrend}?userId=${creator.userId}&days=14`, token)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '统计周期不正确',
      });
    });
  });

  describe('creator audience', () => {
    it('refuses a visitor with 800 and VIP with 810 naming SVIP', async () => {
      const creator = await createCreator(db(), { portrait: true });
      const url = `${CreatorPath.portrait}?userId=${creator.userId}`;
      expect((await get(url)).code).toBe(Code.TOKEN_INVALID);
      expect(await get(url, await tokenOf('VIP'))).toMatchObject({
        code: Code.NEEDS_UPGRADE,
        data: { alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', action: 'pay', grade: 'SVIP' },
      });
    });

    it("answers SVIP the creator's portrait, and 暂无观众画像 when there is none", async () => {
      const token = await tokenOf('SVIP');
      const creator = await createCreator(db(), { portrait: true });
      const answer = await get(`${CreatorPath.portrait}?userId=${creator.userId}`, token);
      expect(answer.data).toMatchObject({
        gender: creatorPortrait.gender,
        gender_more: creatorPortrait.genderMore,
        province_more: creatorPortrait.provinceMore,
        empty_text: null,
      });
      const bare = await createCreator(db());
      expect((await get(`${CreatorPath.portrait}?userId=${bare.userId}`, token)).data).toMatchObject({
        gender_more: [],
        empty_text: videoMessages.noPortrait,
        region_empty_text: videoMessages.noRegion,
      });
      expect(await get(`${CreatorPath.portrait}?userId=nobody`, token)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.creatorNotFound,
      });
    });
  });

  describe('benchmark accounts', () => {
    it('asks a visitor to log in, and for an account or a keyword', async () => {
      expect((await get(`${CreatorPath.competitors}?keyword=x`)).code).toBe(Code.TOKEN_INVALID);
      expect(await get(CreatorPath.competitors, await tokenOf('FREE'))).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: videoMessages.competitorsInput,
      });
    });

    it("ranks accounts like a creator's: same field, similar size, shared keywords and tags", async () => {
      const field = '测试领域戊';
      const keyword = { keyword: '测试戊火锅', monthCoverCount: 5_000, competition: 2 };
      const subject = await createCreator(db(), { nickName: '戊本人', field, followers: 300_000 });
      await createVideo(db(), { creatorId: subject.id, keywords: [keyword], tags: ['戊标签'] });
      const twin = await createCreator(db(), { nickName: '戊同行', field, followers: 400_000 });
      await createVideo(db(), { creatorId: twin.id, keywords: [keyword], tags: ['戊标签'] });
      await createCreator(db(), { nickName: '戊大号', field, followers: 3_000_000 });
      const outsider = await createCreator(db(), { nickName: '戊外行', field: '别的领域', followers: 20_000 });
      await createVideo(db(), { creatorId: outsider.id, keywords: [keyword] });
      await createCreator(db(), { nickName: '无关的人', field: '别的领域', followers: 300_000 });

      const answer = await get(`${CreatorPath.competitors}?userId=${subject.userId}`, await tokenOf('FREE'));
      expect(answer.code).toBe(Code.OK);
      expect(names(answer)).toEqual(['戊同行', '戊大号', '戊外行']);
      expect(answer.data).toMatchObject({ total_record: 3, data_max: 30 });
      expect(answer.data.result[0].reasons).toEqual([
        `同领域：${field}`,
        '粉丝量级相近：腰部达人',
        '覆盖相同关键词：测试戊火锅',
        '相同话题标签：#戊标签',
      ]);
      expect(answer.data.result[1].reasons).toEqual([`同领域：${field}`]);
      expect(answer.data.result[2].reasons).toEqual(['覆盖相同关键词：测试戊火锅']);
      expect(await get(`${CreatorPath.competitors}?userId=nobody`, await tokenOf('FREE'))).toMatchObject({
        code: Code.NOT_FOUND,
        msg: videoMessages.creatorNotFound,
      });
    });

    it('caps the benchmark rows like the library: 30 for FREE', async () => {
      const field = '测试领域庚';
      const subject = await createCreator(db(), { nickName: '庚本人', field, followers: 50_000 });
      for (let i = 0; i < 34; i++) await createCreator(db(), { nickName: `庚${i}`, field, followers: 40_000 + i });
      const url = (page: number) => `${CreatorPath.competitors}?userId=${subject.userId}&page_no=${page}&page_size=20`;
      const token = await tokenOf('FREE');
      expect((await get(url(1), token)).data).toMatchObject({ total_record: 34, data_max: 30 });
      expect((await get(url(2), token)).data.result).toHaveLength(10);
      // Nearest in followers first among equals.
      expect((await get(url(1), token)).data.result[0].nick_name).toBe('庚33');
    });

    it('finds accounts for a keyword: works covering it first, then nicknames with it', async () => {
      const keyword = { keyword: '测试己露营', monthCoverCount: 9_000, competition: 3 };
      const small = await createCreator(db(), { nickName: '己小号', followers: 3_000 });
      await createVideo(db(), { creatorId: small.id, keywords: [{ ...keyword, searchRank: 2 }] });
      await createVideo(db(), { creatorId: small.id, keywords: [keyword] });
      const big = await createCreator(db(), { nickName: '己大号', followers: 900_000 });
      await createVideo(db(), { creatorId: big.id, keywords: [{ ...keyword, searchRank: 1 }] });
      await createCreator(db(), { nickName: '测试己露营的家', followers: 50 });
      const answer = await get(
        `${CreatorPath.competitors}?keyword=${encodeURIComponent('测试己露营')}`,
        await tokenOf('FREE'),
      );
      expect(names(answer)).toEqual(['己小号', '己大号', '测试己露营的家']);
      expect(answer.data.result[0].reasons).toEqual(['作品覆盖关键词「测试己露营」：2个作品', '搜索排名最高第2名']);
      expect(answer.data.result[2].reasons).toEqual(['昵称包含「测试己露营」']);
    });
  });
});
