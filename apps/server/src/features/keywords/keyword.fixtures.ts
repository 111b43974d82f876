import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keywordRelations, keywords } from '../../db/schema/keywords';
import type { KeywordInput } from './import/keyword-ingest.repository';
import type { SearchQuery } from './search/keyword-search.repository';

/** A keyword row for tests: DSO, 美妆护肤, figures from the search index unless given. */
export function keywordInput(keyword: string, searchIndex: number, extra: Partial<KeywordInput> = {}): KeywordInput {
  return {
    platform: 'DSO',
    country: '',
    keyword,
    searchIndex,
    monthCoverCount: searchIndex * 30,
    relatedWorkCount: Math.floor(searchIndex / 10),
    category: 'diversify_4',
    industry: '美妆护肤',
    commerceIntent: false,
    firstSeen: '2026-01-01',
    asOf: '2026-11-20',
    trend: null,
    isDemo: true,
    ...extra,
  };
}

/** Stores related words (correlation, suggestion…) of a keyword already in the library. */
export async function relateKeyword(
  db: Database,
  keyword: string,
  related: Array<Omit<typeof keywordRelations.$inferInsert, 'keywordId'>>,
) {
  const [row] = await db.select({ id: keywords.id }).from(keywords).where(eq(keywords.keyword, keyword));
  if (!row) throw new Error(`「${keyword}」 is not in the library`);
  await db.insert(keywordRelations).values(related.map((relation) => ({ keywordId: row.id, ...relation })));
}

/** A daily series of `days` values ending at `last`, changing by `step` a day. */
export function trendEndingAt(last: number, days = 30, step = 0): number[] {
  return Array.from({ length: days }, (_, day) => Math.max(0, last - (days - 1 - day) * step));
}

/** A DSO search for the first page of 20 by search index, descending, unless overridden. */
export function searchQuery(overrides: Partial<SearchQuery> = {}): SearchQuery {
  return {
    scope: { platform: 'DSO', country: '' },
    words: [],
    filters: {},
    sort: 'search_index',
    order: 'desc',
    limit: 20,
    offset: 0,
    ...overrides,
  };
}
