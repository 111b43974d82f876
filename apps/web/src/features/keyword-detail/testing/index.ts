import type { KeywordRow } from '@dso/contract';

/** Test helpers of the keyword detail feature, for its own tests and other features'. */

/** A keyword row with plausible figures; override what a test is about. */
export function keywordRow(overrides: Partial<KeywordRow> = {}): KeywordRow {
  return {
    id: 1,
    keyword: '露营装备',
    platform: 'DSO',
    country: '',
    search_index: 123_456,
    month_cover_count: 8_900_000,
    competition: 3,
    competition_reasons: ['已有一定数量的相关作品', '带货意图强，商家争抢'],
    related_work_count: 250_000,
    category: 'diversify_45',
    industry: '户外运动',
    commerce_intent: true,
    blue_ocean: false,
    growth_rate: 0.125,
    first_seen: '2026-03-02',
    as_of: '2026-11-20',
    ...overrides,
  };
}
