import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * Words the Douyin library relates to some keywords (correlation and suggestion words, best scored
 * first, without the keywords themselves): what the AI tools ground their writing in (issue 11).
 * Keywords the library does not hold contribute nothing.
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
          AND r.relation IN ('correlation', 'suggestion')
        GROUP BY r.related_keyword
        ORDER BY max(r.score) DESC, r.related_keyword
        LIMIT ${limit + words.length}`,
  );
  return rows
    .map((row) => row.word)
    .filter((word) => !words.includes(word))
    .slice(0, limit);
}
