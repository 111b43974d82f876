import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';

/** A library's gram statistics as of their last rebuild. */
export interface ScopeGramStats {
  /** Keywords in the scope. */
  size: number;
  /** Keywords per gram (substring and prefix grams); absent grams have none. */
  counts: Map<number, number>;
}

interface Cached {
  stats: ScopeGramStats | null;
  refreshedAt: string | null;
  checkedAt: number;
}

/**
 * How long statistics are used before their rebuild time is checked again. A rebuild in this
 * process is seen at once (`forgetGramStats`); one in a worker process within this time.
 */
const RECHECK_MS = 10_000;

const cache = new WeakMap<Database, Map<string, Promise<Cached>>>();

/**
 * The statistics of a scope, held in memory: every search consults them to choose its plan, and
 * reading them from the database on each search cost more than the search itself.
 */
export async function scopeGramStats(db: Database, scope: string): Promise<ScopeGramStats | null> {
  let byScope = cache.get(db);
  if (!byScope) {
    byScope = new Map();
    cache.set(db, byScope);
  }
  const pending = byScope.get(scope);
  const cached = pending ? await pending : null;
  if (cached && Date.now() - cached.checkedAt < RECHECK_MS) return cached.stats;
  // One reload per scope at a time; concurrent searches wait for it.
  const reload = loadIfChanged(db, scope, cached);
  byScope.set(scope, reload);
  try {
    return (await reload).stats;
  } catch (error) {
    byScope.delete(scope);
    throw error;
  }
}

async function loadIfChanged(db: Database, scope: string, cached: Cached | null): Promise<Cached> {
  const [row] = await queryRows<{ keyword_count: number; refreshed_at: string }>(
    db,
    sql`SELECT keyword_count, refreshed_at::text AS refreshed_at FROM keyword_scope_stats WHERE scope = ${scope}`,
  );
  const checkedAt = Date.now();
  if (!row) return { stats: null, refreshedAt: null, checkedAt };
  if (cached?.stats && cached.refreshedAt === row.refreshed_at) return { ...cached, checkedAt };
  const grams = await queryRows<{ gram: number; doc_count: number }>(
    db,
    sql`SELECT gram, doc_count FROM keyword_gram_stats WHERE scope = ${scope}`,
  );
  const counts = new Map(grams.map((gram) => [gram.gram, gram.doc_count]));
  return { stats: { size: row.keyword_count, counts }, refreshedAt: row.refreshed_at, checkedAt };
}

/** Drops the cached statistics of a scope after this process rebuilt them. */
export function forgetGramStats(db: Database, scope: string) {
  cache.get(db)?.delete(scope);
}
