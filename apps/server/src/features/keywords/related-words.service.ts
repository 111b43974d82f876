import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { runSearch } from './search/keyword-search.repository';

/**
 * Words the Douyin library relates to some keywords (correlation and suggestion words, best scored
 * first, without the keywords themselves): what the AI tools ground their writing in.
 * Correlation words are stored for the most searched keywords only; for the others the detail page's
 * 相关词 tab searches the library, and so does this: fewer stored words than `limit` are topped up
 * with the library's most searched words containing a keyword.
 */
export async function relatedWordsOf(db: Database, keywords: string[], limit = 8): Promise<string[]> {
  const words = [...new Set(keywords.map((word) => word.trim()).filter(Boolean))];
  if (words.length === 0 || limit <= 0) return [];
  const rows = await queryRows<{ word: string }>(
    db,
    sql`SELECT r.related_keyword AS word, max(r.score) AS score
        FROM keywords k JOIN keyword_relations r ON r.keyword_id = k.id
        WHERE k.platform = 'DSO' AND k.country = '' AND k.keyword IN (${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )})
          AND r.relation IN ('correlation', 'sug')
        GROUP BY r.related_keyword
        ORDER BY max(r.score) DESC, r.related_keyword
        LIMIT ${limit + words.length}`,
  );
  const related = rows.map((row) => row.word).filter((word) => !words.includes(word));
  for (const word of words) {
    if (related.length >= limit) break;
    const found = await runSearch(db, {
      scope: { platform: 'DSO', country: '' },
      words: [word],
      filters: {},
      sort: 'search_index',
      order: 'desc',
      limit: limit + words.length,
      offset: 0,
    });
    for (const row of found.rows) {
      if (!words.includes(row.keyword) && !related.includes(row.keyword)) related.push(row.keyword);
    }
  }
  return related.slice(0, limit);
}
