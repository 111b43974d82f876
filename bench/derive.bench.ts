import { openDatabase, queryRows } from '@dso/server/db';
import { deriveChanges } from '@dso/server/keywords/derive-changes';
import { type KeywordInput, upsertKeywords } from '@dso/server/keywords/ingest';
import { sql } from 'drizzle-orm';

const dso = { platform: 'DSO', country: '' } as const;
/** Words changed per round: half of them new to the library, half existing ones given new figures. */
const CHANGED = Number(process.env.BENCH_CHANGED ?? 10_000);
const BATCH = 1_000;

/**
 * BENCH=derive: the derive of what changed after a round of CHANGED words on the keyword benchmark's library (10M rows
 * on PostgreSQL, seeded by BENCH=keywords, `BENCH_PREPARE_ONLY=1` to seed only). New words take existing words with
 * a suffix of this run, so each run adds its own; updated words are a random sample given a new index, some high
 * enough to enter the gram heads.
 */
export async function benchDerive() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dso_bench';
  const handle = await openDatabase({ url: databaseUrl });
  await handle.migrate();
  const db = handle.db;
  const [size] = await queryRows<{ n: number }>(
    db,
    sql`SELECT keyword_count AS n FROM keyword_scope_stats WHERE scope = 'DSO'`,
  );
  if (!size || size.n < 1_000_000) {
    console.log(
      'derive: the keyword benchmark library is not seeded (BENCH=keywords BENCH_PREPARE_ONLY=1 npm run bench)',
    );
    await handle.close();
    return;
  }
  // A round starts from a derived library: whatever an earlier run left pending is claimed first, not timed.
  await deriveChanges(db, dso);
  const sample = await queryRows<{
    keyword: string;
    search_index: number;
    related_work_count: number;
    industry: string | null;
  }>(
    db,
    sql`SELECT keyword, search_index, related_work_count, industry FROM keywords TABLESAMPLE SYSTEM (0.5)
        WHERE platform = 'DSO' AND char_length(keyword) <= 20 LIMIT ${CHANGED}`,
  );
  const run = Date.now().toString(36);
  const input = (keyword: string, searchIndex: number, row: (typeof sample)[number]): KeywordInput => ({
    ...dso,
    keyword,
    searchIndex,
    monthCoverCount: searchIndex * 30,
    relatedWorkCount: row.related_work_count,
    category: null,
    industry: row.industry,
    commerceIntent: false,
    firstSeen: '2026-11-20',
    asOf: '2026-11-20',
    trend: null,
    isDemo: false,
  });
  const half = Math.floor(sample.length / 2);
  const rows = sample.map((row, i) =>
    i < half
      ? input(`${row.keyword}${run}`, Number(row.search_index), row)
      : // Every tenth updated word jumps high enough to enter the heads of its grams.
        input(
          row.keyword,
          i % 10 === 0 ? Number(row.search_index) * 20 + 1_000_000 : Math.round(Number(row.search_index) * 0.9),
          row,
        ),
  );
  const writeStarted = Date.now();
  for (let at = 0; at < rows.length; at += BATCH) await upsertKeywords(db, rows.slice(at, at + BATCH));
  const writeMs = Date.now() - writeStarted;
  const result = await deriveChanges(db, dso);
  console.log(
    `derive of what changed, ${size.n.toLocaleString()}-keyword library: ${rows.length.toLocaleString()} words written (${half.toLocaleString()} new) in ${(writeMs / 1000).toFixed(1)} s; derive ${(result.ms / 1000).toFixed(1)} s (heads and statistics ${(result.steps.headsAndStats / 1000).toFixed(1)} s, boards (${result.boards}) and correlations ${(result.steps.boardsAndCorrelations / 1000).toFixed(1)} s; ${result.changed.toLocaleString()} rows claimed, ${result.headsTouched.toLocaleString()} heads looked at, ${result.headsRewritten.toLocaleString()} rewritten)`,
  );
  await handle.close();
}
