import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/route-suite';
import { findKeyword, findKeywords } from './detail/keyword-details.repository';
import { upsertKeywords } from './import/keyword-ingest.repository';
import { keywordInput, searchQuery } from './keyword.fixtures';
import { type KeywordRecord, normalizeKeywordRecord } from './keyword-record';
import { choosePlan, selectPage } from './search/keyword-search.repository';

const dso = { platform: 'DSO', country: '' } as const;

describe('the keyword record', () => {
  const handle = useTestDatabase(async () => {
    // A month cover past 2^32 is a bigint both drivers hand over differently (number or string).
    await upsertKeywords(handle.db, [
      keywordInput('口红推荐', 9000, { monthCoverCount: 5_000_000_000, firstSeen: '2026-01-02', asOf: '2026-11-20' }),
    ]);
    await handle.db.execute(sql`UPDATE keywords SET growth_rate = 0.125, competition = 3 WHERE keyword = '口红推荐'`);
  });

  it('reads numbers as numbers and dates as days on search and detail alike', async () => {
    const expected = {
      keyword: '口红推荐',
      platform: 'DSO',
      country: '',
      search_index: 9000,
      month_cover_count: 5_000_000_000,
      competition: 3,
      related_work_count: 900,
      growth_rate: 0.125,
      first_seen: '2026-01-02',
      as_of: '2026-11-20',
    };
    const query = searchQuery({ words: ['口红'] });
    const [searched] = await selectPage(handle.db, query, await choosePlan(handle.db, query));
    const detailed = await findKeyword(handle.db, dso, '口红推荐');
    const [named] = await findKeywords(handle.db, dso, ['口红推荐']);
    for (const record of [searched, detailed, named]) {
      expect(record).toMatchObject(expected);
      expect(typeof record?.id).toBe('number');
    }
    expect(detailed).toEqual(searched);
    expect(named).toEqual(searched);
  });

  it('settles a BigInt, a numeric string and a Date the same way whichever driver gave them', () => {
    const raw = {
      id: 7n,
      keyword: '口红',
      platform: 'DSO',
      country: '',
      search_index: '120',
      month_cover_count: 9_007_199_254_740_991n,
      competition: '2',
      competition_reasons: [],
      related_work_count: '12',
      category: null,
      industry: null,
      commerce_intent: false,
      is_blue_ocean: false,
      growth_rate: '0.5',
      first_seen: new Date('2026-01-02T00:00:00Z'),
      as_of: '2026-11-20',
    } as unknown as KeywordRecord;
    expect(normalizeKeywordRecord(raw)).toMatchObject({
      id: 7,
      search_index: 120,
      month_cover_count: 9_007_199_254_740_991,
      competition: 2,
      related_work_count: 12,
      growth_rate: 0.5,
      first_seen: '2026-01-02',
      as_of: '2026-11-20',
    });
  });
});
