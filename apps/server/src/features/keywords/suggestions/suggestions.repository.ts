import { keywordLength, keywordLimits } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';

/**
 * 下拉词 collected from a source (docs/collection.md, "Suggestions"): each of the Douyin library's most searched words
 * keeps the source's last non-empty list as its `sug` relations, in the source's order.
 */

const DOUYIN_LIBRARY = { platform: 'DSO', country: '' } as const;
/** Scores fall with the source's rank, so the stored order is the source's. */
const TOP_SCORE = 1_000;

/** The Douyin library's most searched words, the ones a suggestions run asks the source about. */
export async function wordsForSuggestions(
  db: Database,
  limit: number,
): Promise<Array<{ id: number; keyword: string }>> {
  const rows = await queryRows<{ id: number | string; keyword: string }>(
    db,
    sql`SELECT id, keyword FROM keywords
        WHERE platform = ${DOUYIN_LIBRARY.platform} AND country = ${DOUYIN_LIBRARY.country}
        ORDER BY search_index DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), keyword: row.keyword }));
}

/**
 * Replaces a word's 下拉词 with the source's list (the word itself, repeats and texts that cannot be keywords left
 * out), in one transaction. The caller passes only non-empty answers: an empty one keeps the last list. Answers
 * how many were stored.
 */
export async function storeSuggestions(
  db: Database,
  keyword: { id: number; keyword: string },
  suggestions: Array<{ word: string; rank: number }>,
): Promise<number> {
  const seen = new Set<string>([keyword.keyword]);
  const kept: Array<{ word: string; score: number }> = [];
  for (const suggestion of [...suggestions].sort((a, b) => a.rank - b.rank)) {
    const word = suggestion.word.trim().replace(/\s+/g, ' ');
    if (!word || seen.has(word) || keywordLength(word) > keywordLimits.single) continue;
    seen.add(word);
    kept.push({ word, score: Math.max(1, TOP_SCORE - suggestion.rank) });
  }
  if (kept.length === 0) return 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM keyword_relations WHERE keyword_id = ${keyword.id} AND relation = 'sug'`);
    await tx.execute(sql`
      INSERT INTO keyword_relations (keyword_id, relation, related_keyword, score)
      SELECT ${keyword.id}, 'sug', word, score
      FROM unnest(${sql.param(kept.map((entry) => entry.word))}::text[], ${sql.param(kept.map((entry) => entry.score))}::int[])
        AS incoming(word, score)`);
  });
  return kept.length;
}
