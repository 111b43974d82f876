import {
  boardListSchema,
  Code,
  KeywordDetailPath,
  keywordDetailSchema,
  keywordPortraitSchema,
  relatedListSchema,
  tsoTopicDetailSchema,
  tsoTopicListSchema,
} from '@dso/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keywordPortraits, keywords } from '../../../db/schema';
import { createMember } from '../../../testing';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { seedPortraits, seedTsoTopics } from '../demo/seed';
import { deriveScope } from '../derive/keyword-derive';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput, trendEndingAt } from '../keyword.fixtures';
import { postKeywordQuery } from '../keywords.testing';

const asOf = '2026-11-20';

interface Row {
  keyword: string;
  rank?: number;
  rank_change?: number | null;
  search_index: number | string;
  blue_ocean: boolean;
  commerce_intent: boolean;
  industry: string | null;
  first_seen: string;
}

describe('keyword detail, related words, audience, boards, TSO topics and export', () => {
  // The bulk of 美妆护肤: 0.2 works per index point, its median supply, against which the named words' 0.1 is few.
  const masks = Array.from({ length: 40 }, (_, i) =>
    keywordInput(`面膜${String(i + 1).padStart(2, '0')}`, 5_000 - i * 100, { relatedWorkCount: (5_000 - i * 100) / 5 }),
  );

  const t = useTestApp({}, async () => {
    const db = t.database.db;
    await upsertKeywords(db, [
      keywordInput('口红', 200_000, { commerceIntent: true, trend: trendEndingAt(200_000, 30, 2_000) }),
      keywordInput('平价口红推荐', 48_000, { commerceIntent: true }),
      keywordInput('口红色号', 30_000),
      keywordInput('口红试色', 20_000),
      keywordInput('哑光口红', 10_000, { firstSeen: '2026-11-15' }),
      keywordInput('粉底液', 40_000, { commerceIntent: true }),
      keywordInput('防晒霜推荐', 25_000, { commerceIntent: true, firstSeen: '2026-11-10' }),
      keywordInput('红烧肉做法', 30_000, { industry: '美食餐饮', category: 'diversify_5', relatedWorkCount: 200_000 }),
      keywordInput('火锅攻略', 15_000, { industry: '美食餐饮', trend: trendEndingAt(15_000, 30, 400) }),
      ...masks,
      keywordInput('口红', 5_000, { platform: 'RSO' }),
      keywordInput('口红', 3_000, { platform: 'WSO' }),
      keywordInput('lipstick review', 8_000, { platform: 'TSO', country: 'US', industry: null, commerceIntent: true }),
    ]);
    await seedPortraits(db, { platform: 'DSO', country: '' }, asOf, 1);
    await seedTsoTopics(db, { countries: ['US'], seed: 1, asOf, count: 25 });
    await deriveScope(db, { platform: 'DSO', country: '' }, { correlationTop: 1 });
    for (const platform of ['RSO', 'WSO'] as const) await deriveScope(db, { platform, country: '' });
    await deriveScope(db, { platform: 'TSO', country: 'US' });
  });

  const get = (path: string, query: Record<string, string | number>, token?: string) =>
    t.request({ method: 'GET', url: withQuery(path, query), ...(token ? { token } : {}) });
  const userToken = async (grade = 'VIP', showOriginalData = false) =>
    (await createMember(t.database.db, { grade, showOriginalData })).token;
  const names = (rows: Row[]) => rows.map((row) => row.keyword);

  describe('detail', () => {
    it('asks a visitor to log in', async () => {
      const body = (await get(KeywordDetailPath.detail, { keyword: '口红' })).json();
      expect(body.code).toBe(Code.TOKEN_INVALID);
    });

    it('shows banded figures, the daily trend, the competition analysis and every platform', async () => {
      const body = (await get(KeywordDetailPath.detail, { keyword: '口红' }, await userToken('VIP'))).json();
      expect(body.code).toBe(Code.OK);
      const detail = keywordDetailSchema.parse(body.data);
      expect(detail.keyword).toMatchObject({ keyword: '口红', search_index: '20.0w', as_of: asOf, competition: 4 });
      expect(detail.trend).toMatchObject({ end_day: asOf, banded: true });
      const points = detail.trend?.points ?? [];
      expect(points).toHaveLength(30);
      expect(points.at(-1)).toEqual({ day: asOf, value: 200_000, overall: null });
      expect(points[0]).toEqual({ day: '2026-10-22', value: 142_000, overall: null });
      // A head word of its industry (59× its median search index) with commerce intent: 1 + 2 + 1 stars.
      expect(detail.competeAnalyze).toMatchObject({
        stars: 4,
        level: '竞争大',
        commerce_intent: true,
        blue_ocean: false,
        works_per_index: 0.1,
        industry_median: { industry: '美妆护肤', sample_size: 47 },
        compared: { search_index: 'higher', competition: 'higher' },
      });
      expect(detail.competeAnalyze.reasons).toEqual(['带货意图强，商家争抢', '热门大词，头部账号集中']);
      expect(detail.competeAnalyze.summary).toContain('美妆护肤行业中位水平');
      expect(detail.competeAnalyze.summary).toContain('建议选择更细分的长尾词');
      expect(detail.competeAnalyze.summary).not.toContain('蓝海');
      expect(detail.platforms.map((row: { platform: string; found: boolean }) => [row.platform, row.found])).toEqual([
        ['DSO', true],
        ['RSO', true],
        ['WSO', true],
        ['BSO', false],
        ['KSO', false],
      ]);
      expect(detail.platforms[1]).toMatchObject({ search_index: '5000', as_of: asOf });
    });

    it('names where the figures came from: the demo, an import, or the hot board a word was first found on', async () => {
      const token = await userToken();
      expect((await get(KeywordDetailPath.detail, { keyword: '粉底液' }, token)).json().data.source).toBe('demo');
      await upsertKeywords(t.database.db, [
        keywordInput('冬季露营', 60_000, { isDemo: false }),
        keywordInput('围炉煮茶', 8_800_000, { isDemo: false, source: 'douyin' }),
      ]);
      expect((await get(KeywordDetailPath.detail, { keyword: '冬季露营' }, token)).json().data.source).toBe('import');
      const found = (await get(KeywordDetailPath.detail, { keyword: '围炉煮茶' }, token)).json().data;
      expect(found).toMatchObject({ source: 'douyin', keyword: { as_of: asOf } });
      // The other tests count this library's words.
      await t.database.db.execute(sql`DELETE FROM keywords WHERE keyword IN ('冬季露营', '围炉煮茶')`);
    });

    it('shows exact figures and the exact trend to a show_original_data user', async () => {
      const detail = (await get(KeywordDetailPath.detail, { keyword: '火锅攻略' }, await userToken('VIP', true))).json()
        .data;
      expect(detail.keyword.search_index).toBe(15_000);
      expect(detail.trend).toMatchObject({ banded: false });
      expect(detail.trend.points[0].value).toBe(3_400);
      expect(detail.competeAnalyze.industry_median).toMatchObject({ industry: '美食餐饮', search_index: 22_500 });
    });

    it('lists TSO US beside the others when the overseas library has the word', async () => {
      const detail = (
        await get(KeywordDetailPath.detail, { platform: 'TSO', keyword: 'lipstick review' }, await userToken())
      ).json().data;
      expect(detail.keyword).toMatchObject({ platform: 'TSO', country: 'US' });
      expect(detail.platforms.at(-1)).toMatchObject({ platform: 'TSO', country: 'US', found: true });
      expect(detail.competeAnalyze.industry_median).toMatchObject({ industry: null });
    });

    it('spends one daily count per distinct keyword and refuses the sixth for FREE', async () => {
      const token = await userToken('FREE');
      const open = (keyword: string) => get(KeywordDetailPath.detail, { keyword }, token);
      const first = (await open('口红')).json().data;
      expect(first).toMatchObject({ reopened: false, detail_use: { per_val: 5, use_val: 1 } });
      const again = (await open('口红')).json().data;
      expect(again).toMatchObject({ reopened: true, detail_use: { per_val: 5, use_val: 1 } });
      for (const keyword of ['粉底液', '口红色号', '口红试色', '哑光口红'])
        expect((await open(keyword)).json().code).toBe(Code.OK);
      const refused = (await open('火锅攻略')).json();
      expect(refused).toMatchObject({
        code: Code.NEEDS_UPGRADE,
        msg: '今日次数已用尽，请升级会员版本增加查看次数~',
        data: { alias: 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY', reason: 'exhausted', action: 'pay', grade: 'VIP' },
      });
      // What was opened today stays open; the refused word was not recorded.
      expect((await open('口红')).json().code).toBe(Code.OK);
      expect((await open('火锅攻略')).json().code).toBe(Code.NEEDS_UPGRADE);
    });

    it('answers 404 for a keyword the library lacks, spending nothing', async () => {
      const token = await userToken('FREE');
      const body = (await get(KeywordDetailPath.detail, { keyword: '不存在的词' }, token)).json();
      expect(body).toMatchObject({ code: Code.NOT_FOUND, msg: '关键词不存在' });
      const opened = (await get(KeywordDetailPath.detail, { keyword: '口红' }, token)).json().data;
      expect(opened.detail_use.use_val).toBe(1);
    });
  });

  describe('related words', () => {
    const related = (query: Record<string, string | number>, token?: string) =>
      get(KeywordDetailPath.related, { page_size: 20, ...query }, token);

    it('lists drop-down words that start with the keyword, without the keyword itself', async () => {
      const body = (await related({ keyword: '口红', relation: 'sug' })).json();
      expect(body.code).toBe(Code.OK);
      expect(relatedListSchema.parse(body.data)).toMatchObject({
        relation: 'sug',
        total_record: 2,
        data_max: 10,
        user_grade: 'FREE',
      });
      expect(names(body.data.result)).toEqual(['口红色号', '口红试色']);
    });

    it('lists the correlation words the derive job kept for a top keyword', async () => {
      const body = (await related({ keyword: '口红', relation: 'correlation' }, await userToken())).json();
      expect(body.data).toMatchObject({ main_word: '口红', total_record: 4, data_max: 500 });
      expect(names(body.data.result)).toEqual(['平价口红推荐', '口红色号', '口红试色', '哑光口红']);
    });

    it('computes correlation words on the fly, paging without repeating or dropping a word', async () => {
      const token = await userToken();
      const page = async (page_no: number) =>
        names(
          (await related({ keyword: '口红试色', relation: 'correlation', page_no, page_size: 10 }, token)).json().data
            .result,
        );
      const body = (await related({ keyword: '口红试色', relation: 'correlation', page_size: 10 }, token)).json().data;
      expect(body).toMatchObject({ main_word: '口红', total_record: 4 });
      expect(await page(1)).toEqual(['口红', '平价口红推荐', '口红色号', '哑光口红']);
      const masksPage1 = names(
        (await related({ keyword: '面膜05', relation: 'correlation', page_size: 10 }, token)).json().data.result,
      );
      const masksPage2 = names(
        (await related({ keyword: '面膜05', relation: 'correlation', page_no: 2, page_size: 10 }, token)).json().data
          .result,
      );
      expect(masksPage1).toEqual([
        '面膜01',
        '面膜02',
        '面膜03',
        '面膜04',
        '面膜06',
        '面膜07',
        '面膜08',
        '面膜09',
        '面膜10',
        '面膜11',
      ]);
      expect(masksPage2[0]).toBe('面膜12');
    });

    it('lists the top words of the same industry', async () => {
      const body = (await related({ keyword: '红烧肉做法', relation: 'industry' })).json().data;
      expect(body.total_record).toBe(1);
      expect(names(body.result)).toEqual(['火锅攻略']);
      const beauty = (await related({ keyword: '口红', relation: 'industry' }, await userToken())).json().data;
      expect(beauty.total_record).toBe(46);
      expect(names(beauty.result).slice(0, 3)).toEqual(['平价口红推荐', '粉底液', '口红色号']);
    });

    it('lists the root words of a long keyword that the library has', async () => {
      const body = (await related({ keyword: '平价口红推荐', relation: 'root' })).json().data;
      expect(names(body.result)).toEqual(['口红']);
    });

    it('stops a visitor at 10 rows and a FREE user at the paging depth', async () => {
      const guest = (await related({ keyword: '面膜', relation: 'correlation', page_no: 2, page_size: 10 })).json()
        .data;
      expect(guest).toMatchObject({ data_max: 10, total_record: 40, result: [] });
      const free = (await related({ keyword: '口红', relation: 'industry' }, await userToken('FREE'))).json().data;
      expect(free.data_max).toBe(50);
    });
  });

  describe('audience', () => {
    it('gives the portrait of a keyword as name/value ratios', async () => {
      const body = (await get(KeywordDetailPath.portrait, { keyword: '口红' }, await userToken())).json();
      expect(body.code).toBe(Code.OK);
      const portrait = keywordPortraitSchema.parse(body.data);
      expect(portrait).toMatchObject({ keyword: '口红', as_of: asOf, empty_text: null });
      const women = portrait.gender_more.find((share: { name: string }) => share.name === '女');
      expect(women?.value).toBeGreaterThan(0.7);
      expect(portrait.age_more.map((share: { name: string }) => share.name)).toEqual([
        '18-23',
        '24-30',
        '31-40',
        '41-50',
        '50+',
      ]);
      expect(portrait.province_more).toHaveLength(10);
      expect(portrait.city_more).toHaveLength(10);
      expect(portrait.city_level_more).toHaveLength(6);
      const sum = portrait.age_more.reduce((total: number, share: { value: number }) => total + share.value, 0);
      expect(sum).toBeCloseTo(1, 2);
    });

    it("puts a stored portrait's age buckets and city levels along their scales, whatever their shares", async () => {
      const [row] = await t.database.db
        .select({ id: keywords.id })
        .from(keywords)
        .where(and(eq(keywords.platform, 'DSO'), eq(keywords.keyword, '粉底液')));
      const portrait = {
        gender_more: [{ name: '女', value: 1 }],
        age_more: [
          { name: '24-30', value: 0.5 },
          { name: '50+', value: 0.1 },
          { name: '18-23', value: 0.4 },
        ],
        city_level_more: [
          { name: '二线', value: 0.6 },
          { name: '一线', value: 0.4 },
        ],
      };
      await t.database.db
        .insert(keywordPortraits)
        .values({ keywordId: row!.id, portrait, asOf })
        .onConflictDoUpdate({ target: keywordPortraits.keywordId, set: { portrait } });
      const answer = keywordPortraitSchema.parse(
        (await get(KeywordDetailPath.portrait, { keyword: '粉底液' }, await userToken())).json().data,
      );
      expect(answer.age_more.map((share) => share.name)).toEqual(['18-23', '24-30', '50+']);
      expect(answer.city_level_more.map((share) => share.name)).toEqual(['一线', '二线']);
    });

    it('answers 暂无观众画像 with empty lists for a word under 1w search index with no portrait', async () => {
      const portrait = (await get(KeywordDetailPath.portrait, { keyword: '面膜01' }, await userToken())).json().data;
      expect(portrait).toMatchObject({ empty_text: '暂无观众画像', as_of: null, gender_more: [], province_more: [] });
    });

    it("estimates the portrait of a word with searchers but none of its own from its industry's words, marked estimated", async () => {
      const db = t.database.db;
      const bso = { platform: 'BSO' as const };
      await upsertKeywords(db, [
        keywordInput('露营装备', 406_000, { ...bso, industry: '旅游出行' }),
        keywordInput('露营帐篷', 50_000, { ...bso, industry: '旅游出行' }),
        keywordInput('自驾游攻略', 30_000, { ...bso, industry: '旅游出行' }),
        keywordInput('口红', 60_000, bso),
      ]);
      const ids = new Map(
        (
          await db
            .select({ id: keywords.id, keyword: keywords.keyword })
            .from(keywords)
            .where(eq(keywords.platform, 'BSO'))
        ).map((row) => [row.keyword, row.id]),
      );
      const stored = (women: number, young: number, day: string) => ({
        asOf: day,
        portrait: {
          gender_more: [
            { name: '女', value: women },
            { name: '男', value: 1 - women },
          ],
          age_more: [
            { name: '31-40', value: 1 - young },
            { name: '18-23', value: young },
          ],
          province_more: [{ name: '浙江', value: 0.3 }],
          city_more: [{ name: '杭州', value: 0.2 }],
          city_level_more: [
            { name: '二线', value: 0.7 },
            { name: '一线', value: 0.3 },
          ],
        },
      });
      await db.insert(keywordPortraits).values([
        { ...stored(0.6, 0.2, '2026-11-19'), keywordId: ids.get('露营帐篷')! },
        { ...stored(0.4, 0.4, asOf), keywordId: ids.get('自驾游攻略')! },
        { ...stored(0.9, 0.9, asOf), keywordId: ids.get('口红')! },
      ]);
      const answer = keywordPortraitSchema.parse(
        (await get(KeywordDetailPath.portrait, { keyword: '露营装备', platform: 'BSO' }, await userToken())).json()
          .data,
      );
      expect(answer).toMatchObject({ keyword: '露营装备', estimated: true, empty_text: null, as_of: asOf });
      expect(answer.gender_more).toEqual([
        { name: '女', value: 0.5 },
        { name: '男', value: 0.5 },
      ]);
      expect(answer.age_more).toEqual([
        { name: '18-23', value: 0.3 },
        { name: '31-40', value: 0.7 },
      ]);
      expect(answer.city_level_more.map((share) => share.name)).toEqual(['一线', '二线']);
      const own = keywordPortraitSchema.parse(
        (await get(KeywordDetailPath.portrait, { keyword: '露营帐篷', platform: 'BSO' }, await userToken())).json()
          .data,
      );
      expect(own.estimated).toBe(false);
    });

    it("estimates from the whole library's portraits when the word's industry has none", async () => {
      const answer = keywordPortraitSchema.parse(
        (await get(KeywordDetailPath.portrait, { keyword: '火锅攻略' }, await userToken())).json().data,
      );
      expect(answer).toMatchObject({ estimated: true, empty_text: null });
      expect(answer.gender_more.length).toBeGreaterThan(0);
    });

    it('asks a visitor to log in', async () => {
      expect((await get(KeywordDetailPath.portrait, { keyword: '口红' })).json().code).toBe(Code.TOKEN_INVALID);
    });
  });

  describe('hot boards', () => {
    const board = (query: Record<string, string | number>, token?: string) =>
      get(KeywordDetailPath.board, { page_size: 50, ...query }, token);

    it('ranks blue-ocean words by search index', async () => {
      const body = boardListSchema.parse((await board({ board: 'blue' }, await userToken())).json().data);
      expect(body).toMatchObject({ board: 'blue', title: '蓝海词榜', as_of: asOf });
      const rows = body.result as Row[];
      expect(rows.every((row) => row.blue_ocean)).toBe(true);
      // Above 美妆护肤's median demand (3,400) with fewer works per index point than its median (0.2).
      expect(names(rows)).toEqual(['口红色号', '防晒霜推荐', '口红试色', '哑光口红']);
      expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
      // Head words of the industry (10× its median or more) are never 蓝海, however few their works.
      expect(names(rows)).not.toContain('口红');
      expect(names(rows)).not.toContain('平价口红推荐');
    });

    it('ranks commerce words by newest first seen, and surging topics by growth', async () => {
      const token = await userToken();
      const newest = (await board({ board: 'commerceLast' }, token)).json().data.result as Row[];
      expect(names(newest)).toEqual(['防晒霜推荐', '口红', '平价口红推荐', '粉底液']);
      expect(newest.every((row) => row.commerce_intent)).toBe(true);
      const surge = (await board({ board: 'topicSurge' }, token)).json().data.result as Row[];
      expect(names(surge)).toEqual(['火锅攻略']);
      const height = (await board({ board: 'industryHeight' }, token)).json().data.result as Row[];
      expect(names(height)).toEqual(['火锅攻略', '口红']);
    });

    it('gives each industry its own ranks on the industry boards', async () => {
      const food = (await board({ board: 'industryHot', industry: '美食餐饮' }, await userToken())).json().data;
      expect(food).toMatchObject({ industry: '美食餐饮', total_record: 2 });
      expect((food.result as Row[]).map((row) => [row.keyword, row.rank])).toEqual([
        ['红烧肉做法', 1],
        ['火锅攻略', 2],
      ]);
    });

    it('keeps the overall ranks when another board is filtered by an industry', async () => {
      const token = await userToken();
      const food = (await board({ board: 'topicList', industry: '美食餐饮' }, token)).json().data;
      expect((food.result as Row[]).map((row) => [row.keyword, row.rank])).toEqual([
        ['红烧肉做法', 1],
        ['火锅攻略', 4],
      ]);
      expect(food.total_record).toBe(2);
      // Neither is 蓝海 in its industry: 红烧肉做法 has crowded supply, 火锅攻略 demand below the median.
      expect((await board({ board: 'blue', industry: '美食餐饮' }, token)).json().data.result).toEqual([]);
    });

    it('shows a visitor 10 rows, FREE 30 and VIP 300', async () => {
      const guest = (await board({ board: 'industryHot', page_size: 20 })).json().data;
      expect(guest).toMatchObject({ data_max: 10, user_grade: 'FREE' });
      expect(guest.result).toHaveLength(10);
      const freeToken = await userToken('FREE');
      const free2 = (await board({ board: 'industryHot', page_no: 2, page_size: 20 }, freeToken)).json().data;
      expect(free2.data_max).toBe(30);
      expect(free2.result).toHaveLength(10);
      expect(free2.result[0].rank).toBe(21);
      const free3 = (await board({ board: 'industryHot', page_no: 3, page_size: 20 }, freeToken)).json().data;
      expect(free3.result).toEqual([]);
      const vip = (await board({ board: 'industryHot', page_no: 3, page_size: 20 }, await userToken('VIP'))).json()
        .data;
      expect(vip).toMatchObject({ data_max: 300, total_record: 49, user_grade: 'VIP' });
      expect(vip.result).toHaveLength(9);
    });

    it('gives each word its rank change against the previous board day, null when new', async () => {
      const db = t.database.db;
      const kso = (keyword: string, index: number, day: string) =>
        keywordInput(keyword, index, { platform: 'KSO', asOf: day, firstSeen: '2026-11-01' });
      await upsertKeywords(db, [
        kso('甲', 300, '2026-11-19'),
        kso('乙', 200, '2026-11-19'),
        kso('丙', 100, '2026-11-19'),
      ]);
      await deriveScope(db, { platform: 'KSO', country: '' });
      await upsertKeywords(db, [
        kso('乙', 400, asOf),
        kso('甲', 300, asOf),
        kso('丁', 250, asOf),
        kso('丙', 100, asOf),
      ]);
      await deriveScope(db, { platform: 'KSO', country: '' });
      const rows = (await board({ board: 'industryHot', platform: 'KSO' }, await userToken())).json().data
        .result as Row[];
      expect(rows.map((row) => [row.keyword, row.rank, row.rank_change])).toEqual([
        ['乙', 1, 1],
        ['甲', 2, -1],
        ['丁', 3, null],
        ['丙', 4, -1],
      ]);
    });

    it('is empty, with no day, before the library has been derived', async () => {
      const body = (await board({ board: 'blue', platform: 'BSO' })).json().data;
      expect(body).toMatchObject({ as_of: null, total_record: 0, result: [] });
    });
  });

  describe('TSO topics', () => {
    it('lists a country’s topics by views with ranks and the guest cap', async () => {
      const body = (await get(KeywordDetailPath.tsoTopics, { kind: 'ecoTopic', page_size: 20 })).json();
      expect(body.code).toBe(Code.OK);
      expect(tsoTopicListSchema.parse(body.data)).toMatchObject({ total_record: 25, data_max: 10 });
      const rows = body.data.result as Array<{ rank: number; views: string; country: string }>;
      expect(rows).toHaveLength(10);
      expect(rows.map((row) => row.rank)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(rows[0]!.country).toBe('US');
      expect(typeof rows[0]!.views).toBe('string');
    });

    it('sorts by growth when asked and is empty for a country without topics', async () => {
      const token = await userToken('VIP', true);
      const rows = (
        await get(KeywordDetailPath.tsoTopics, { kind: 'creativeIdeaTopics', sort: 'growth_rate' }, token)
      ).json().data.result as Array<{ growth_rate: number; views: number }>;
      expect(rows.map((row) => row.growth_rate)).toEqual([...rows.map((row) => row.growth_rate)].sort((a, b) => b - a));
      expect(typeof rows[0]!.views).toBe('number');
      const none = (await get(KeywordDetailPath.tsoTopics, { kind: 'ecoTopic', country: 'GB' })).json().data;
      expect(none).toMatchObject({ total_record: 0, result: [] });
    });

    it('opens one topic with its keywords, spending a detail count, and 404s an unknown one', async () => {
      const token = await userToken('FREE');
      const list = (await get(KeywordDetailPath.tsoTopics, { kind: 'ecoTopic' })).json().data.result;
      const topic = list[0].topic as string;
      const body = (await get(KeywordDetailPath.tsoTopicDetail, { kind: 'ecoTopic', topic }, token)).json();
      expect(body.code).toBe(Code.OK);
      expect(tsoTopicDetailSchema.parse(body.data).topic).toMatchObject({ topic, rank: 1 });
      expect(body.data.detail_use.use_val).toBe(1);
      const missing = (
        await get(KeywordDetailPath.tsoTopicDetail, { kind: 'ecoTopic', topic: 'nosuchtopic' }, token)
      ).json();
      expect(missing).toMatchObject({ code: Code.NOT_FOUND, msg: '话题不存在' });
    });
  });

  describe('export', () => {
    const exportSearch = (body: Record<string, unknown>, token?: string) =>
      postKeywordQuery(t, KeywordDetailPath.export, body, token);

    it('asks a visitor to log in and refuses FREE with 810 and the grade to buy', async () => {
      expect((await exportSearch({ keyword: '口红' })).json().code).toBe(Code.TOKEN_INVALID);
      const refused = (await exportSearch({ keyword: '口红' }, await userToken('FREE'))).json();
      expect(refused).toMatchObject({
        code: Code.NEEDS_UPGRADE,
        msg: '权限不足，升级会员版本可查看更多数据~',
        data: { alias: 'KEYWORD_LIBRARY_EXPORT', reason: 'lacking', action: 'pay', grade: 'VIP' },
      });
    });

    it('answers an xlsx file with Chinese headers and the search rows, at most 100', async () => {
      const XLSX = await import('@e965/xlsx');
      const token = await userToken('VIP', true);
      const response = await exportSearch({ keyword: '口红', sort: 'search_index' }, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('关键词导出-DSO-口红');
      const book = XLSX.read(response.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      expect(rows[0]).toEqual([
        '关键词',
        '平台',
        '国家',
        '搜索指数',
        '月覆盖量',
        '竞争度',
        '竞争原因',
        '相关作品数',
        '内容分类',
        '行业',
        '带货意图',
        '蓝海词',
        '7日增长率',
        '首次出现',
        '数据日期',
      ]);
      expect(rows.slice(1).map((row) => row[0])).toEqual(['口红', '平价口红推荐', '口红色号', '口红试色', '哑光口红']);
      expect(rows[1]![3]).toBe(200_000);
      const all = await exportSearch({ keyword: '' }, token);
      const allRows = XLSX.utils.sheet_to_json(XLSX.read(all.rawPayload, { type: 'buffer' }).Sheets.关键词!);
      expect(allRows).toHaveLength(49);
    });

    it('exports the rows the table shows for a category word: its industry words after the literal ones', async () => {
      const XLSX = await import('@e965/xlsx');
      const response = await exportSearch({ keyword: '美食' }, await userToken('VIP', true));
      const rows = XLSX.utils.sheet_to_json<unknown[]>(
        XLSX.read(response.rawPayload, { type: 'buffer' }).Sheets.关键词!,
        {
          header: 1,
        },
      );
      expect(rows.slice(1).map((row) => row[0])).toEqual(['红烧肉做法', '火锅攻略']);
    });

    it('spends one export each time and refuses the sixth of the day for VIP', async () => {
      const token = await userToken('VIP');
      for (let i = 0; i < 5; i++) expect((await exportSearch({ keyword: '面膜' }, token)).statusCode).toBe(200);
      const refused = (await exportSearch({ keyword: '面膜' }, token)).json();
      expect(refused).toMatchObject({
        code: Code.NEEDS_UPGRADE,
        data: { reason: 'exhausted', action: 'pay', grade: 'SVIP' },
      });
    });
  });

  describe('growth rates', () => {
    const band = /^-?(\d+%-\d+%|30%\+)$/;
    const ratesOf = async (token: string) => {
      const detail = (await get(KeywordDetailPath.detail, { keyword: '口红' }, token)).json().data;
      const boardRows = (await get(KeywordDetailPath.board, { board: 'blue' }, token)).json().data.result;
      const topics = (await get(KeywordDetailPath.tsoTopics, { kind: 'ecoTopic' }, token)).json().data.result;
      return [
        detail.keyword.growth_rate,
        detail.competeAnalyze.growth_rate,
        detail.competeAnalyze.industry_median.growth_rate,
        ...detail.platforms
          .filter((row: { found: boolean }) => row.found)
          .map((row: { growth_rate: unknown }) => row.growth_rate),
        ...boardRows.map((row: { growth_rate: unknown }) => row.growth_rate),
        ...topics.map((row: { growth_rate: unknown }) => row.growth_rate),
      ] as unknown[];
    };

    it('sends a user without show_original_data only 5 % bands on the detail page, boards and topics', async () => {
      const rates = await ratesOf(await userToken('SVIP', false));
      expect(rates.length).toBeGreaterThan(10);
      for (const rate of rates) expect(rate).toMatch(band);
    });

    it('sends a show_original_data user exact rates, cut to 2 percent decimals', async () => {
      const rates = await ratesOf(await userToken('SVIP', true));
      for (const rate of rates) {
        expect(typeof rate).toBe('number');
        expect(Math.round((rate as number) * 10_000) / 10_000).toBe(rate);
      }
    });
  });
});
