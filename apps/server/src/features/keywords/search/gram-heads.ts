import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryPrepared, queryRows } from '../../../db/client';
import { keywordGramHeads, keywordGramStats } from '../../../db/schema';
import { keywordGrams, keywordPrefixGrams, prefixGram } from '../../../lib/grams';
import { type KeywordScope, scopeKey } from '../keyword-scope';

/**
 * Grams in at least this many keywords get a head. Rarer grams are answered by fetching and sorting
 * all their matches from the n-gram index, which stays within a few milliseconds up to about here.
 */
export const HEAD_MIN_DOCS = 2_000;
/**
 * Prefixes starting at least this many keywords get a head. Suggestions for rarer prefixes read their
 * few keywords through the prefix index and sort them, which is cheap below about here.
 */
export const PREFIX_HEAD_MIN_DOCS = 100;
/** Ids kept per head: a search whose page ends within this rank is answered from the head alone. */
export const HEAD_SIZE = 1_000;
/** Ids of a head read first (more when the page needs more). */
const PROBE_SIZE = 40;
/** Rows read per round of the rank-ordered scan. */
const SCAN_BATCH = 20_000;
/** Heads written per insert statement. */
const WRITE_BATCH = 200;

/**
 * Rebuilds the heads of one scope, inside the transaction that rebuilds its statistics: one pass over
 * its keywords in rank order, appending each id to the heads of its frequent grams and frequent
 * prefixes. A head is written as soon as it holds HEAD_SIZE ids, so memory holds only unfinished
 * heads; the pass stops when none is left. Grams are recomputed from the keyword text by the same
 * functions that made the stored ones.
 */
export async function refreshGramHeads(tx: Database, scope: KeywordScope): Promise<void> {
  const key = scopeKey(scope);
  await tx.execute(sql`DELETE FROM keyword_gram_heads WHERE scope = ${key}`);
  const frequent = await queryRows<{ gram: number }>(
    tx,
    sql`SELECT gram FROM keyword_gram_stats WHERE scope = ${key} AND doc_count >= ${HEAD_MIN_DOCS}`,
  );
  const prefixes = await countFrequentPrefixes(tx, scope);
  const pending = new Map<number, number[]>([...frequent, ...prefixes].map((row) => [row.gram, []]));
  if (pending.size === 0) return;
  const filled: Array<{ gram: number; ids: number[] }> = [];
  const write = async () => {
    const batch = filled.splice(0, filled.length);
    if (batch.length) await tx.insert(keywordGramHeads).values(batch.map((head) => ({ scope: key, ...head })));
  };
  await scanInRankOrder(tx, scope, async (rows) => {
    for (const row of rows) {
      for (const gram of [...keywordGrams(key, row.keyword), ...keywordPrefixGrams(key, row.keyword)]) {
        const ids = pending.get(gram);
        if (!ids) continue;
        ids.push(Number(row.id));
        if (ids.length < HEAD_SIZE) continue;
        pending.delete(gram);
        filled.push({ gram, ids });
      }
    }
    if (filled.length >= WRITE_BATCH) await write();
    return pending.size > 0;
  });
  // Heads that never filled belong to grams whose statistics outran the rows; keep what there is.
  for (const [gram, ids] of pending) if (ids.length) filled.push({ gram, ids });
  await write();
}

/**
 * The first characters and first two characters that start at least PREFIX_HEAD_MIN_DOCS keywords,
 * recorded in the gram statistics under their prefix grams.
 */
async function countFrequentPrefixes(tx: Database, scope: KeywordScope) {
  const key = scopeKey(scope);
  const counted = await queryRows<{ prefix: string; keywords: number }>(
    tx,
    sql`
    SELECT prefix, count(*)::int AS keywords
    FROM keywords,
      LATERAL (VALUES (substr(lower(keyword), 1, 1)),
        (CASE WHEN char_length(keyword) >= 2 THEN substr(lower(keyword), 1, 2) END)) AS starts(prefix)
    WHERE platform = ${scope.platform} AND country = ${scope.country} AND prefix IS NOT NULL
    GROUP BY prefix
    HAVING count(*) >= ${PREFIX_HEAD_MIN_DOCS}
  `,
  );
  const rows = counted.map((row) => ({ scope: key, gram: prefixGram(key, row.prefix), docCount: row.keywords }));
  for (let at = 0; at < rows.length; at += WRITE_BATCH) {
    await tx
      .insert(keywordGramStats)
      .values(rows.slice(at, at + WRITE_BATCH))
      .onConflictDoNothing();
  }
  return rows;
}

/** Feeds the scope's keywords to `take` in batches, best-ranked first, while it answers true. */
async function scanInRankOrder(
  tx: Database,
  scope: KeywordScope,
  take: (rows: Array<{ id: number | string; keyword: string }>) => Promise<boolean>,
) {
  await tx.execute(sql`
    DECLARE gram_heads_scan NO SCROLL CURSOR FOR
    SELECT id, keyword FROM keywords
    WHERE platform = ${scope.platform} AND country = ${scope.country}
    ORDER BY search_index DESC, id DESC
  `);
  for (;;) {
    const rows = await queryRows<{ id: number | string; keyword: string }>(
      tx,
      sql.raw(`FETCH ${SCAN_BATCH} FROM gram_heads_scan`),
    );
    if (rows.length === 0 || !(await take(rows))) break;
  }
  await tx.execute(sql`CLOSE gram_heads_scan`);
}

/** What a head yields for a pattern: its best matches, whether they fill the wanted page, and how many ids were read. */
export interface HeadMatches<T> {
  rows: T[];
  enough: boolean;
  sampled: number;
}

/**
 * The best-ranked keywords of one head matching a LIKE pattern, in rank order: reads the first few
 * ids of the head, and all of it when those hold too few matches. Heads exist only for grams in more
 * than HEAD_SIZE keywords, so too few matches means the rest lie beyond the head (or it is not built
 * yet) and another plan must answer.
 */
export async function selectFromHead<T>(
  db: Database,
  options: { scope: KeywordScope; gram: number; pattern: string; wanted: number; columns: SQL },
): Promise<HeadMatches<T>> {
  const { scope, wanted } = options;
  if (wanted > HEAD_SIZE) return { rows: [], enough: false, sampled: 0 };
  // Each id is looked up by primary key: `OFFSET 0` keeps the planner from turning the lookups into
  // a join that reads every keyword the pattern's own index can find (thousands for a common prefix).
  const select = (take: number) =>
    queryPrepared<T>(
      db,
      sql`
      SELECT found.* FROM (
        SELECT unnest(ids[1:${take}]) AS head_id FROM keyword_gram_heads
        WHERE scope = ${scopeKey(scope)} AND gram = ${options.gram}
      ) AS head
      CROSS JOIN LATERAL (
        SELECT ${options.columns} FROM keywords
        WHERE id = head.head_id AND lower(keyword) LIKE ${options.pattern}
        OFFSET 0
      ) AS found
      ORDER BY found.search_index DESC, found.id DESC
      LIMIT ${wanted}
    `,
    );
  // Most heads match almost every id they hold; try a short prefix first. When its share of matches
  // promises too few in the whole head, reading the rest would only delay the other plan.
  const first = Math.min(HEAD_SIZE, Math.max(wanted * 2, PROBE_SIZE));
  let rows = await select(first);
  const promised = (rows.length * HEAD_SIZE) / first;
  if (rows.length < wanted && first < HEAD_SIZE && promised >= wanted) rows = await select(HEAD_SIZE);
  return { rows, enough: rows.length >= wanted, sampled: first };
}
