import type { KeywordDetail, KeywordPortrait } from '@dso/contract';
import { keywordRow } from './testing';

/** A keyword detail as the server gives it, for component tests. */
export function keywordDetailFixture(overrides: Partial<KeywordDetail> = {}): KeywordDetail {
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 22 + index)).toISOString().slice(0, 10);
    return { day, value: 100_000 + index * 1000, overall: 260_000 + index * 2000 };
  });
  return {
    keyword: keywordRow(),
    trend: {
      start_day: days[0]!.day,
      end_day: days[29]!.day,
      first_day: '2025-11-21',
      last_day: days[29]!.day,
      days: 30,
      banded: false,
      has_overall: true,
      points: days,
    },
    competeAnalyze: {
      stars: 3,
      reasons: ['已有一定数量的相关作品', '带货意图强，商家争抢'],
      level: '竞争中等',
      works_per_index: 2.03,
      commerce_intent: true,
      growth_rate: 0.125,
      blue_ocean: false,
      industry_median: {
        industry: '户外运动',
        sample_size: 1200,
        search_index: 5400,
        related_work_count: 9800,
        works_per_index: 1.5,
        competition: 2,
        growth_rate: 0.02,
        as_of: '2026-11-20',
      },
      compared: { search_index: 'higher', works_per_index: 'higher', competition: 'higher', growth_rate: 'higher' },
      summary: '该词竞争高于户外运动行业中位水平，搜索需求高于中位水平',
    },
    platforms: [
      {
        platform: 'DSO',
        country: '',
        found: true,
        search_index: 123_456,
        month_cover_count: 8_900_000,
        related_work_count: 250_000,
        competition: 3,
        growth_rate: 0.125,
        as_of: '2026-11-20',
      },
      {
        platform: 'RSO',
        country: '',
        found: true,
        search_index: 23_000,
        month_cover_count: 1_200_000,
        related_work_count: 40_000,
        competition: 2,
        growth_rate: -0.04,
        as_of: '2026-11-20',
      },
      {
        platform: 'WSO',
        country: '',
        found: false,
        search_index: null,
        month_cover_count: null,
        related_work_count: null,
        competition: null,
        growth_rate: null,
        as_of: null,
      },
    ],
    detail_use: { per_val: 50, use_val: 3 },
    reopened: false,
    source: 'import',
    ...overrides,
  };
}

/** A portrait with every distribution filled. */
export function portraitFixture(overrides: Partial<KeywordPortrait> = {}): KeywordPortrait {
  const provinces = [
    ['广东省', 0.18],
    ['浙江省', 0.11],
    ['江苏省', 0.1],
    ['山东省', 0.08],
    ['河南省', 0.07],
    ['四川省', 0.06],
    ['湖北省', 0.05],
    ['福建省', 0.05],
    ['北京市', 0.04],
    ['上海市', 0.04],
    ['湖南省', 0.03],
  ] as const;
  return {
    keyword: '露营装备',
    as_of: '2026-11-20',
    gender_more: [
      { name: '女', value: 0.625 },
      { name: '男', value: 0.375 },
    ],
    age_more: [
      { name: '18-23', value: 0.21 },
      { name: '24-30', value: 0.34 },
      { name: '31-40', value: 0.27 },
      { name: '41-50', value: 0.12 },
      { name: '50+', value: 0.06 },
    ],
    province_more: provinces.map(([name, value]) => ({ name, value })),
    city_more: [
      { name: '深圳市', value: 0.09 },
      { name: '广州市', value: 0.08 },
      { name: '杭州市', value: 0.06 },
    ],
    city_level_more: [
      { name: '一线', value: 0.22 },
      { name: '新一线', value: 0.3 },
      { name: '二线', value: 0.2 },
      { name: '三线', value: 0.14 },
      { name: '四线', value: 0.09 },
      { name: '五线', value: 0.05 },
    ],
    empty_text: null,
    ...overrides,
  };
}
