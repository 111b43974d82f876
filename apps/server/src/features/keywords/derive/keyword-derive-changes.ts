import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { keywordGrams, keywordPrefixGrams } from '../../../lib/grams';
import { likePrefix } from '../../../lib/like-patterns';
import { computeBoards, updateBoards } from '../boards/keyword-boards';
import { dayOf } from '../keyword-record';
import { type KeywordScope, scopeKey } from '../keyword-scope';
import { HEAD_SIZE } from '../search/gram-heads';
import { forgetGramStats } from '../search/gram-stats';
import { forgetCachedSearches, noteLibraryChanged } from '../search/search-cache';
import { CORRELATION_TOP, computeCorrelations } from './keyword-derive';

/** A keyword's place in rank order: search index descending, ties by id descending (as the heads are built). */
interface Ranked {
  id: number;
  searchIndex: number;
}

const outranks = (a: Ranked, b: Ranked) =>
  a.searchIndex > b.searchIndex || (a.searchIndex === b.searchIndex && a.id > b.id);
const byRank = (a: Ranked, b: Ranked) => (outranks(a, b) ? -1 : outranks(b, a) ? 1 : 0);

/** A row written since the last derive, as it is now. */
interface ChangedRow extends Ranked {
  keyword: string;
  grams: number[];
  inserted: boolean;
  /** The day its figures are of. */
  asOf: string;
}

export interface ChangesResult {
  /** Rows claimed: written since the last derive (a row deleted meanwhile is claimed and skipped). */
  changed: number;
  inserted: number;
  /** Gram heads looked at, and those rewritten. */
  headsTouched: number;
  headsRewritten: number;
  ms: number;
  /** Milliseconds of each part: the heads and statistics (one transaction), then the boards and correlations. */
  steps: { headsAndStats: number; boardsAndCorrelations: number };
  /** How the boards took the changes: updated in place, computed whole (a new day, or a list that lost its line), or not at all. */
  boards: 'updated' | 'whole' | 'none';
}

/**
 * Derives what changed in a library since its last derive, not the whole library (docs/keywords.md, "Deriving what
 * changed"): the rows upserts recorded in `keyword_changes` are claimed, the gram statistics count the new ones, the
 * gram and prefix heads take in the changed rows that now rank within them, and the boards and correlation words are
 * derived again (their reads go down indexes, not over the library). The industry medians need the whole library: the
 * changed rows were graded against the last ones when written, and the next full derive (after an import) moves them.
 *
 * One transaction claims the rows and writes the statistics and heads, so a failed derive leaves the rows for the
 * next one and searches see the old statistics or the new, never half.
 */
export async function deriveChanges(
  db: Database,
  scope: KeywordScope,
  options: { log?: (message: string, data?: Record<string, unknown>) => void } = {},
): Promise<ChangesResult> {
  const started = Date.now();
  const key = scopeKey(scope);
  const counted = await db.transaction(async (tx) => {
    const claimed = await queryRows<{ keyword_id: number; inserted: boolean }>(
      tx,
      sql`DELETE FROM keyword_changes WHERE platform = ${scope.platform} AND country = ${scope.country}
          RETURNING keyword_id, inserted`,
    );
    if (claimed.length === 0) return null;
    const newIds = new Set(claimed.filter((row) => row.inserted).map((row) => Number(row.keyword_id)));
    const rows = await queryRows<{
      id: number;
      keyword: string;
      search_index: number;
      grams: number[];
      as_of: unknown;
    }>(
      tx,
      sql`SELECT id, keyword, search_index, grams, as_of FROM keywords
          WHERE id = ANY(${sql.param(claimed.map((row) => Number(row.keyword_id)))}::bigint[])
            AND platform = ${scope.platform} AND country = ${scope.country}`,
    );
    const changed: ChangedRow[] = rows.map((row) => ({
      id: Number(row.id),
      searchIndex: Number(row.search_index),
      keyword: row.keyword,
      grams: row.grams,
      inserted: newIds.has(Number(row.id)),
      asOf: dayOf(row.as_of),
    }));
    const heads = await mergeIntoHeads(tx, scope, changed);
    await countNewRows(
      tx,
      key,
      changed.filter((row) => row.inserted),
    );
    await noteLibraryChanged(tx);
    return { changed: claimed.length, inserted: newIds.size, ...heads, rows: changed };
  });
  const headsAndStats = Date.now() - started;
  if (!counted) {
    return {
      changed: 0,
      inserted: 0,
      headsTouched: 0,
      headsRewritten: 0,
      ms: headsAndStats,
      steps: { headsAndStats, boardsAndCorrelations: 0 },
      boards: 'none',
    };
  }
  forgetGramStats(db, key);
  forgetCachedSearches(db);
  const { rows, ...tally } = counted;
  // New words take their places on the boards; the top words' correlations may name them.
  const boards = await refreshBoards(db, scope, rows);
  await computeCorrelations(db, scope, CORRELATION_TOP);
  const ms = Date.now() - started;
  const result = { ...tally, ms, steps: { headsAndStats, boardsAndCorrelations: ms - headsAndStats }, boards };
  options.log?.('derived changes', { platform: scope.platform, country: scope.country, ...result });
  return result;
}

/**
 * The changed rows onto the boards of the library's board day. A changed row of a later day moves the library to that
 * day, whose boards are computed whole (as a full derive would); so are they when the library has none yet, or when a
 * list lost every member that did not change (`updateBoards`).
 */
async function refreshBoards(db: Database, scope: KeywordScope, rows: ChangedRow[]): Promise<ChangesResult['boards']> {
  const [latest] = await queryRows<{ as_of: unknown }>(
    db,
    sql`SELECT max(as_of) AS as_of FROM keyword_boards WHERE platform = ${scope.platform} AND country = ${scope.country}`,
  );
  const boardDay = latest?.as_of ? dayOf(latest.as_of) : null;
  const newest = rows.reduce<string | null>((day, row) => (day === null || row.asOf > day ? row.asOf : day), null);
  const day = boardDay !== null && (newest === null || newest <= boardDay) ? boardDay : newest;
  if (day === null) return 'none';
  const changedIds = rows.map((row) => row.id);
  if (day === boardDay && (await updateBoards(db, scope, day, changedIds)) === 'updated') return 'updated';
  await computeBoards(db, scope, day, { analyze: false, backfill: false });
  return 'whole';
}

/**
 * The new rows' grams counted into the statistics (every substring gram has a row; a prefix is counted only while
 * frequent enough to have one, since only those have heads) and the library's size.
 */
async function countNewRows(tx: Database, key: string, inserted: Array<{ keyword: string; grams: number[] }>) {
  if (inserted.length === 0) {
    await tx.execute(sql`UPDATE keyword_scope_stats SET refreshed_at = clock_timestamp() WHERE scope = ${key}`);
    return;
  }
  const tally = (grams: number[][]) => {
    const counts = new Map<number, number>();
    for (const list of grams) for (const gram of list) counts.set(gram, (counts.get(gram) ?? 0) + 1);
    return counts;
  };
  const substring = tally(inserted.map((row) => row.grams));
  const prefixes = tally(inserted.map((row) => keywordPrefixGrams(key, row.keyword)));
  await tx.execute(sql`
    INSERT INTO keyword_gram_stats (scope, gram, doc_count)
    SELECT ${key}, gram, n FROM unnest(${sql.param([...substring.keys()])}::int[], ${sql.param([...substring.values()])}::int[])
      AS delta(gram, n)
    ON CONFLICT (scope, gram) DO UPDATE SET doc_count = keyword_gram_stats.doc_count + excluded.doc_count
  `);
  await tx.execute(sql`
    UPDATE keyword_gram_stats s SET doc_count = s.doc_count + delta.n
    FROM unnest(${sql.param([...prefixes.keys()])}::int[], ${sql.param([...prefixes.values()])}::int[]) AS delta(gram, n)
    WHERE s.scope = ${key} AND s.gram = delta.gram
  `);
  await tx.execute(sql`
    UPDATE keyword_scope_stats SET keyword_count = keyword_count + ${inserted.length}, refreshed_at = clock_timestamp()
    WHERE scope = ${key}
  `);
}

/**
 * Takes the changed rows into the heads of their grams and prefixes. A head is the exact top of its gram's keywords
 * by rank, and stays exact: a changed row joins when it ranks above the lowest member that did not change (below
 * that lie keywords the head never held, unknown here), and the members under that line leave, so a head may grow
 * shorter until the next full derive rebuilds it; a search then answers from it only while it holds the page (see
 * `selectFromHead`). A head holding every keyword of its prefix simply takes the new ones, up to HEAD_SIZE. A head
 * whose every member changed is read again from the index. Heads only of grams that reach the head threshold now are
 * left to the next full derive; searches for them take the other plans until then.
 */
async function mergeIntoHeads(tx: Database, scope: KeywordScope, changed: ChangedRow[]) {
  const key = scopeKey(scope);
  const byGram = new Map<number, ChangedRow[]>();
  const prefixOf = new Map<number, string>();
  for (const row of changed) {
    const prefixGrams = keywordPrefixGrams(key, row.keyword);
    const lower = [...row.keyword.toLowerCase()];
    for (const [index, gram] of prefixGrams.entries()) prefixOf.set(gram, lower.slice(0, index + 1).join(''));
    for (const gram of new Set([...keywordGrams(key, row.keyword), ...prefixGrams])) {
      const rows = byGram.get(gram);
      if (rows) rows.push(row);
      else byGram.set(gram, [row]);
    }
  }
  const grams = [...byGram.keys()];
  const heads = await queryRows<{
    gram: number;
    n: number;
    last_id: number;
    member_changed: boolean;
    docs: number | null;
  }>(
    tx,
    sql`
    SELECT t.gram, cardinality(h.ids) AS n, h.ids[cardinality(h.ids)] AS last_id,
      h.ids && string_to_array(t.candidates, ',')::bigint[] AS member_changed, s.doc_count AS docs
    FROM unnest(${sql.param(grams)}::int[], ${sql.param(
      grams.map((gram) =>
        byGram
          .get(gram)!
          .map((row) => row.id)
          .join(','),
      ),
    )}::text[])
      AS t(gram, candidates)
    JOIN keyword_gram_heads h ON h.scope = ${key} AND h.gram = t.gram
    LEFT JOIN keyword_gram_stats s ON s.scope = ${key} AND s.gram = t.gram
  `,
  );
  const lastRanks = await rankOf(
    tx,
    heads.map((head) => Number(head.last_id)),
  );
  const changedIds = new Set(changed.map((row) => row.id));
  /** Whether a head holds every keyword of its gram (a prefix's few): nothing it never held lies below it. */
  const complete = (head: (typeof heads)[number]) => head.docs !== null && Number(head.n) >= Number(head.docs);
  // A head needs rewriting when a member changed, when it holds every keyword of its gram and a new one has it, or
  // when a changed row now outranks its last member.
  const work = heads.filter((head) => {
    if (head.member_changed) return true;
    const candidates = byGram.get(head.gram)!;
    if (complete(head) && candidates.some((row) => row.inserted)) return true;
    const last = lastRanks.get(Number(head.last_id));
    return last !== undefined && candidates.some((row) => outranks(row, last));
  });
  const members = await headMembers(
    tx,
    key,
    work.map((head) => head.gram),
  );
  const rewritten: Array<{ gram: number; ids: number[] }> = [];
  for (const head of work) {
    const held = members.get(head.gram) ?? [];
    const candidates = byGram.get(head.gram)!;
    const merged = [...new Map([...held, ...candidates].map((row) => [row.id, row])).values()].sort(byRank);
    let kept: Ranked[];
    if (complete(head)) kept = merged;
    else {
      // Every candidate changed, so the unchanged rows of the merge are the members that did not.
      const line = merged.findLast((row) => !changedIds.has(row.id));
      if (!line) {
        const prefix = prefixOf.get(head.gram);
        rewritten.push({ gram: head.gram, ids: await readHead(tx, scope, head.gram, prefix) });
        continue;
      }
      kept = merged.filter((row) => !outranks(line, row));
    }
    rewritten.push({ gram: head.gram, ids: kept.slice(0, HEAD_SIZE).map((row) => row.id) });
  }
  if (rewritten.length > 0) {
    await tx.execute(sql`
      UPDATE keyword_gram_heads h SET ids = string_to_array(w.ids, ',')::bigint[]
      FROM unnest(${sql.param(rewritten.map((head) => head.gram))}::int[],
        ${sql.param(rewritten.map((head) => head.ids.join(',')))}::text[]) AS w(gram, ids)
      WHERE h.scope = ${key} AND h.gram = w.gram
    `);
  }
  return { headsTouched: heads.length, headsRewritten: rewritten.length };
}

async function rankOf(tx: Database, ids: number[]): Promise<Map<number, Ranked>> {
  const rows = await queryRows<{ id: number; search_index: number }>(
    tx,
    sql`SELECT id, search_index FROM keywords WHERE id = ANY(${sql.param(ids)}::bigint[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), searchIndex: Number(row.search_index) }]));
}

/** The members of some heads with their current ranks (a member deleted since is gone). */
async function headMembers(tx: Database, key: string, grams: number[]): Promise<Map<number, Ranked[]>> {
  const found = new Map<number, Ranked[]>();
  if (grams.length === 0) return found;
  const rows = await queryRows<{ gram: number; id: number; search_index: number }>(
    tx,
    sql`
    SELECT h.gram, k.id, k.search_index FROM keyword_gram_heads h
    CROSS JOIN LATERAL unnest(h.ids) AS m(id)
    JOIN keywords k ON k.id = m.id
    WHERE h.scope = ${key} AND h.gram = ANY(${sql.param(grams)}::int[])
  `,
  );
  for (const row of rows) {
    const list = found.get(row.gram) ?? [];
    list.push({ id: Number(row.id), searchIndex: Number(row.search_index) });
    found.set(row.gram, list);
  }
  return found;
}

/** A head read again from the indexes: the gram's (or the prefix's) best-ranked keywords. */
async function readHead(tx: Database, scope: KeywordScope, gram: number, prefix: string | undefined) {
  const matches = prefix ? sql`lower(keyword) LIKE ${likePrefix(prefix)}` : sql`grams @> ARRAY[${gram}]::int[]`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM keywords WHERE platform = ${scope.platform} AND country = ${scope.country} AND ${matches}
        ORDER BY search_index DESC, id DESC LIMIT ${HEAD_SIZE}`,
  );
  return rows.map((row) => Number(row.id));
}
