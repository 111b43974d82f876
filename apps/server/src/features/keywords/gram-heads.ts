import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { keywordGramHeads } from '../../db/schema';
import { keywordGrams } from './grams';
import { type KeywordScope, scopeKey } from './keyword-scope';

/**
 * Grams in at least this many keywords get a head. Rarer grams are answered by fetching and sorting
 * all their matches from the n-gram index, which stays within a few milliseconds up to about here.
 */
export const HEAD_MIN_DOCS = 2_000;
/** Ids kept per head: a search whose page ends within this rank is answered from the head alone. */
export const HEAD_SIZE = 1_000;
/** Rows read per round of the rank-ordered scan. */
const SCAN_BATCH = 20_000;
/** Heads written per insert statement. */
const WRITE_BATCH = 200;

/**
 * Rebuilds the heads of one scope: one pass over its keywords in rank order, appending each id to
 * the heads of its frequent grams. A head is written as soon as it holds HEAD_SIZE ids, so memory
 * holds only unfinished heads; the pass stops when none is left. Grams are recomputed from the
 * keyword text by the same function that made the stored ones.
 */
export async function refreshGramHeads(db: Database, scope: KeywordScope): Promise<number> {
  const key = scopeKey(scope);
  const frequent = await queryRows<{ gram: number }>(
    db,
    sql`SELECT gram FROM keyword_gram_stats WHERE scope = ${key} AND doc_count >= ${HEAD_MIN_DOCS}`,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM keyword_gram_heads WHERE scope = ${key}`);
    if (frequent.length === 0) return;
    const pending = new Map<number, number[]>(frequent.map((row) => [row.gram, []]));
    const filled: Array<{ gram: number; ids: number[] }> = [];
    const write = async () => {
      const batch = filled.splice(0, filled.length);
      if (batch.length) await tx.insert(keywordGramHeads).values(batch.map((head) => ({ scope: key, ...head })));
    };
    await scanInRankOrder(tx, scope, async (rows) => {
      for (const row of rows) {
        for (const gram of keywordGrams(key, row.keyword)) {
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
  });
  return frequent.length;
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

/**
 * The best-ranked keywords of one head matching a LIKE pattern, in rank order: reads the first
 * ids of the head, and all of it when those hold too few matches. Null when there is no head or it
 * holds fewer than `wanted` matches.
 */
export async function selectFromHead<T>(
  db: Database,
  options: {
    scope: KeywordScope;
    gram: number;
    pattern: string;
    wanted: number;
    columns: SQL;
  },
): Promise<T[] | null> {
  const { scope, wanted } = options;
  if (wanted > HEAD_SIZE) return null;
  const select = (take: number) =>
    queryRows<T>(
      db,
      sql`
      SELECT ${options.columns} FROM keywords
      WHERE id IN (
        SELECT unnest(ids[1:${take}]) FROM keyword_gram_heads WHERE scope = ${scopeKey(scope)} AND gram = ${options.gram}
      )
        AND platform = ${scope.platform} AND country = ${scope.country}
        AND lower(keyword) LIKE ${options.pattern}
      ORDER BY search_index DESC, id DESC
      LIMIT ${wanted}
    `,
    );
  // Most heads match almost every id they hold; try a short prefix first.
  const first = Math.min(HEAD_SIZE, Math.max(wanted * 2, 40));
  let rows = await select(first);
  if (rows.length < wanted && first < HEAD_SIZE) rows = await select(HEAD_SIZE);
  // Heads exist only for grams in more than HEAD_SIZE keywords, so a short result means the rest of
  // the matches lie beyond the head (or the head is not built yet): another plan must answer.
  return rows.length >= wanted ? rows : null;
}
