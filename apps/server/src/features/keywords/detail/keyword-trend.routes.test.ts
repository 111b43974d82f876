import { Code, KeywordDetailPath, keywordTrendSchema, relatedListSchema } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../../testing';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput } from '../keyword.fixtures';

/**
 * Keyword detail as deep as 巨量算数's: the index chart over 近7天 … 近365天 and a custom range,
 * the overall index beside the search index, related words with their strength and direction.
 */

const asOf = '2026-11-20';
/** A year of days ending on the data day: 2025-11-21 … 2026-11-20, 1,001 … 1,365 × 137. */
const year = Array.from({ length: 365 }, (_, day) => (1_001 + day) * 137);
const overallYear = year.map((value) => value * 2 + 1_234);
/** 14 days: a week then a week 20 % higher, lower, or the same (growth +20 %, −20 %, 0). */
const fortnight = (first: number, second: number) => [...Array(7).fill(first), ...Array(7).fill(second)];

describe('keyword trend ranges, overall index and related words', () => {
  const t = useTestApp({}, async () => {
    await upsertKeywords(t.database.db, [
      keywordInput('露营', 185_000, { industry: '户外运动', trend: year, overall: overallYear }),
      // 90 stored days; the overall index only for the last 10 of them.
      keywordInput('露营装备', 50_000, {
        industry: '户外运动',
        trend: Array.from({ length: 90 }, (_, day) => 40_000 + day * 100),
        overall: Array.from({ length: 10 }, (_, day) => 90_000 + day),
      }),
      keywordInput('露营帐篷推荐', 20_000, { industry: '户外运动', trend: fortnight(25_000, 20_000) }),
      keywordInput('露营灯', 12_000, { industry: '户外运动', trend: fortnight(12_000, 12_000) }),
      keywordInput('露营地', 15_000, { industry: '户外运动', trend: fortnight(10_000, 12_000) }),
      keywordInput('登山鞋', 30_000, { industry: '户外运动' }),
      keywordInput('冷门词', 500, { industry: '户外运动' }),
    ]);
  });

  const get = (path: string, query: Record<string, string | number>, token?: string) =>
    t.request({ method: 'GET', url: withQuery(path, query), ...(token ? { token } : {}) });
  const token = async (showOriginalData: boolean) =>
    (await createMember(t.database.db, { grade: 'VIP', showOriginalData })).token;
  const trend = async (query: Record<string, string | number>, viewer: string) => {
    const response = await get(KeywordDetailPath.trend, { keyword: '露营', ...query }, viewer);
    return { status: response.statusCode, body: response.json() };
  };

  describe('ranges', () => {
    it('asks a visitor to log in', async () => {
      const body = (await get(KeywordDetailPath.trend, { keyword: '露营', days: 90 })).json();
      expect(body.code).toBe(Code.TOKEN_INVALID);
    });

    it('opens the detail on 近30天 and says which days the library holds', async () => {
      const detail = (await get(KeywordDetailPath.detail, { keyword: '露营' }, await token(true))).json().data;
      const shown = keywordTrendSchema.parse(detail.trend);
      expect(shown).toMatchObject({
        start_day: '2026-10-22',
        end_day: asOf,
        first_day: '2025-11-21',
        last_day: asOf,
        days: 30,
        has_overall: true,
      });
      expect(shown.points).toHaveLength(30);
    });

    it('serves each preset ending on the data day', async () => {
      const viewer = await token(true);
      const expected: Array<[number, string]> = [
        [7, '2026-11-14'],
        [30, '2026-10-22'],
        [90, '2026-08-23'],
        [180, '2026-05-25'],
        [365, '2025-11-21'],
      ];
      for (const [days, start] of expected) {
        const { body } = await trend({ days }, viewer);
        expect(body.code).toBe(Code.OK);
        const shown = keywordTrendSchema.parse(body.data);
        expect(shown).toMatchObject({ days, start_day: start, end_day: asOf });
        expect(shown.points).toHaveLength(days);
        expect(shown.points[0]!.day).toBe(start);
        expect(shown.points.at(-1)).toEqual({ day: asOf, value: year[364], overall: overallYear[364] });
      }
    });

    it('shows the days there are when a preset reaches before the first stored day', async () => {
      const { body } = await trend({ keyword: '露营装备', days: 365 }, await token(true));
      expect(body.data).toMatchObject({ days: 365, start_day: '2026-08-23', first_day: '2026-08-23', end_day: asOf });
      expect(body.data.points).toHaveLength(90);
    });

    it('serves a custom range inside the stored days, day by day', async () => {
      const { body } = await trend({ start: '2026-01-01', end: '2026-01-10' }, await token(true));
      expect(body.code).toBe(Code.OK);
      const shown = keywordTrendSchema.parse(body.data);
      expect(shown).toMatchObject({ days: null, start_day: '2026-01-01', end_day: '2026-01-10' });
      expect(shown.points.map((point) => point.day)).toEqual(
        Array.from({ length: 10 }, (_, day) => `2026-01-${String(day + 1).padStart(2, '0')}`),
      );
      // 2026-01-01 is the 42nd stored day (index 41).
      expect(shown.points[0]).toEqual({ day: '2026-01-01', value: year[41], overall: overallYear[41] });
    });

    it('refuses a bad range with 400 and the reason in Chinese, never a server error', async () => {
      const viewer = await token(true);
      const refusals: Array<[Record<string, string | number>, string]> = [
        [{ days: 14 }, '时间范围只能是近7天、近30天、近90天、近180天或近365天'],
        [{ days: 'abc' }, '时间范围只能是近7天、近30天、近90天、近180天或近365天'],
        [{ start: '2026-01-01' }, '请同时选择开始日期和结束日期'],
        [{ start: '2026-13-01', end: '2026-12-01' }, '日期格式应为 YYYY-MM-DD'],
        [{ start: '2026-03-10', end: '2026-03-01' }, '开始日期不能晚于结束日期'],
        [{ start: '2026-11-01', end: '2026-11-21' }, '结束日期不能晚于数据日期 2026-11-20'],
        [{ start: '2025-11-01', end: '2026-01-01' }, '开始日期不能早于 2025-11-21（最早有数据的日期）'],
        [{ start: '2024-01-01', end: '2026-01-01' }, '自定义时间范围最长365天'],
      ];
      for (const [query, message] of refusals) {
        const { status, body } = await trend(query, viewer);
        expect({ query, status, code: body.code, msg: body.msg }).toEqual({
          query,
          status: 400,
          code: Code.BAD_REQUEST,
          msg: message,
        });
      }
    });

    it('answers an unknown keyword with 关键词不存在 and a word without a series with no trend', async () => {
      const viewer = await token(true);
      const missing = (await get(KeywordDetailPath.trend, { keyword: '不存在的词', days: 90 }, viewer)).json();
      expect(missing).toMatchObject({ code: Code.NOT_FOUND, msg: '关键词不存在' });
      const none = (await get(KeywordDetailPath.trend, { keyword: '登山鞋', days: 90 }, viewer)).json();
      expect(none).toMatchObject({ code: Code.OK, data: null });
    });

    it('keeps showing a banded viewer both indexes cut to the band precision', async () => {
      const { body } = await trend({ days: 7 }, await token(false));
      expect(body.data).toMatchObject({ banded: true, days: 7 });
      const last = body.data.points.at(-1);
      expect(last).toEqual({
        day: asOf,
        value: Math.floor(year[364]! / 1_000) * 1_000,
        overall: Math.floor(overallYear[364]! / 1_000) * 1_000,
      });
      expect(last.value).not.toBe(year[364]);
    });
  });

  describe('overall index', () => {
    it('stores a shorter overall series against the last days: no figure before it starts', async () => {
      const { body } = await trend({ keyword: '露营装备', days: 30 }, await token(true));
      const points = body.data.points as Array<{ day: string; value: number; overall: number | null }>;
      expect(body.data.has_overall).toBe(true);
      expect(points.slice(0, 20).every((point) => point.overall === null)).toBe(true);
      expect(points.slice(20).map((point) => point.overall)).toEqual(
        Array.from({ length: 10 }, (_, day) => 90_000 + day),
      );
    });

    it('says a word without one has no overall index', async () => {
      const { body } = await trend({ keyword: '露营灯', days: 7 }, await token(true));
      expect(body.data.has_overall).toBe(false);
      expect(body.data.points[0].overall).toBeNull();
    });
  });

  describe('related words', () => {
    it('gives each related word its relation strength and its own growth', async () => {
      const body = (
        await get(KeywordDetailPath.related, { keyword: '露营', relation: 'sug' }, await token(true))
      ).json();
      const list = relatedListSchema.parse(body.data);
      const byWord = new Map(list.result.map((row) => [row.keyword, row]));
      // 露营装备: one of four bigrams shared (27.5), √(5w ÷ 18.5w) of the searches (13.0), the same industry (20).
      expect(byWord.get('露营装备')).toMatchObject({ relation_strength: 60 });
      expect(byWord.get('露营帐篷推荐')).toMatchObject({ relation_strength: 47, growth_rate: -0.2 });
      expect(byWord.get('露营地')).toMatchObject({ growth_rate: 0.2 });
      expect(byWord.get('露营灯')).toMatchObject({ growth_rate: 0 });
    });

    it('rates an industry word without shared text by its industry and searches alone', async () => {
      const body = (
        await get(KeywordDetailPath.related, { keyword: '露营', relation: 'industry' }, await token(true))
      ).json();
      const boots = body.data.result.find((row: { keyword: string }) => row.keyword === '登山鞋');
      // 20 for the industry and √(3w ÷ 18.5w) × 25 = 10 for its searches: 中 at the edge, never 强.
      expect(boots.relation_strength).toBe(30);
    });

    it('shows a banded viewer the direction of a word through its band', async () => {
      const body = (
        await get(KeywordDetailPath.related, { keyword: '露营', relation: 'sug' }, await token(false))
      ).json();
      const tent = body.data.result.find((row: { keyword: string }) => row.keyword === '露营帐篷推荐');
      expect(tent.growth_rate).toBe('-20%-25%');
    });
  });
});
