import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../db/client';
import { serverFile } from '../../../lib/server-files';

/** The migration that creates the search indexes: the one definition, reused after a bulk load. */
const searchIndexMigration = serverFile('drizzle', '0003_keyword_search_indexes.sql');
const searchIndexNames = ['keywords_grams_idx', 'keywords_search_index_idx', 'keywords_prefix_idx'];

function searchIndexStatements(): string[] {
  return readFileSync(searchIndexMigration, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}

/**
 * Loads many keywords fast: the search indexes are dropped while rows go in and built once at the
 * end (one sorted build beats millions of incremental GIN inserts), then the table is analysed.
 */
export async function withSearchIndexesRebuilt(
  handle: DatabaseHandle,
  load: () => Promise<void>,
  log: (line: string) => void,
) {
  for (const name of searchIndexNames) await handle.db.execute(sql.raw(`DROP INDEX IF EXISTS ${name}`));
  await load();
  if (handle.kind === 'postgres') await handle.db.execute(sql.raw(`SET maintenance_work_mem = '1GB'`));
  for (const statement of searchIndexStatements()) {
    const started = Date.now();
    await handle.db.execute(sql.raw(statement));
    log(`built ${statement.split(' ')[2]} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const started = Date.now();
  await handle.db.execute(sql.raw('VACUUM ANALYZE keywords'));
  log(`vacuum analyze in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
