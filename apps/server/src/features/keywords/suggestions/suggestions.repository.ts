import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { collectedKeyword } from '../collected-keyword';

/**
 * 下拉词 collected from a source (docs/collection.md, "Suggestions"): each of the Douyin library's most searched words
 * (and the 小红书 library's, with its 联想词) keeps the source's last non-empty list as its `sug` relations, in the
 * source's order.
 */

const DOUYIN_LIBRARY = { platform: 'DSO', country: '' } as const;
/** Scores fall with the source's rank, so the stored order is the source's. */
const TOP_SCORE = 1_000;

/**
 * A library's most searched words (the Douyin library's unless said), the ones a suggestions run asks the source
 * about.
 */
export async function wordsForSuggestions(
  db: Database,
  limit: number,
  library: { platform: string; country: string } = DOUYIN_LIBRARY,
): Promise<Array<{ id: number; keyword: string }>> {
  const rows = await queryRows<{ id: number | string; keyword: string }>(
    db,
    sql`SELECT id, keyword FROM keywords
        WHERE platform = ${library.platform} AND country = ${library.country}
        ORDER BY search_index DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), keyword: row.keyword }));
}

/** One word's answer from the source. */
export interface WordSuggestions {
  keyword: { id: number; keyword: string };
  suggestions: Array<{ word: string; rank: number }>;
}

/** The list as stored: the word itself, repeats and texts that cannot be keywords left out, in the source's order. */
function keptSuggestions({ keyword, suggestions }: WordSuggestions): Array<{ word: string; score: number }> {
  const seen = new Set<string>([keyword.keyword]);
  const kept: Array<{ word: string; score: number }> = [];
  for (const suggestion of [...suggestions].sort((a, b) => a.rank - b.rank)) {
    const word = collectedKeyword(suggestion.word);
    if (!word || seen.has(word)) continue;
    seen.add(word);
    kept.push({ word, score: Math.max(1, TOP_SCORE - suggestion.rank) });
  }
  return kept;
}

/**
 * Replaces the 下拉词 of several words with the source's lists, in one transaction of two statements (a run stores
 * its answers in batches: one transaction per word would cost the embedded database more than the calls). A word
 * whose list keeps nothing is left as it was: an empty answer keeps the last list. Answers, for each word in order,
 * how many suggestions were stored.
 */
export async function storeSuggestions(db: Database, answers: WordSuggestions[]): Promise<number[]> {
  const lists = answers.map((answer) => ({ id: answer.keyword.id, kept: keptSuggestions(answer) }));
  const replaced = lists.filter((list) => list.kept.length > 0);
  if (replaced.length > 0) {
    const rows = replaced.flatMap((list) => list.kept.map((entry) => ({ id: list.id, ...entry })));
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        DELETE FROM keyword_relations
        WHERE relation = 'sug' AND keyword_id = ANY(${sql.param(replaced.map((list) => list.id))}::bigint[])`);
      await tx.execute(sql`
        INSERT INTO keyword_relations (keyword_id, relation, related_keyword, score)
        SELECT id, 'sug', word, score
        FROM unnest(${sql.param(rows.map((row) => row.id))}::bigint[], ${sql.param(rows.map((row) => row.word))}::text[],
          ${sql.param(rows.map((row) => row.score))}::int[]) AS incoming(id, word, score)
        ON CONFLICT DO NOTHING`);
    });
  }
  return lists.map((list) => list.kept.length);
}
