import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, onDatabaseClose } from '../../../db/client';
import type { KeywordRecord } from '../keyword-record';
import type { SearchQuery } from './keyword-search.repository';

/**
 * Hot searches answered from memory. The cache holds what `runSearch` returns (the library's rows
 * and total, before any viewer's banding), keyed by everything that decides it: scope, words,
 * filters, sort, order, limit and offset. The limit and offset already carry the viewer's page depth
 * (a visitor's 10 rows, a grade's cap), and banding, daily counts and history stay with the caller,
 * per request; so a cached answer is the one the database would give, as long as the library has not
 * changed since.
 *
 * The library changes only through {@link noteLibraryChanged} (keyword upserts and gram statistics
 * rebuilds call it): a NOTIFY, delivered when the change commits to every process that LISTENs
 * (this one, workers, other instances; on PGlite its one connection), which then forgets its cached
 * searches. An entry counts only in the generation it was computed in, and a search that overlapped
 * a change is not stored. Until LISTEN is in place, or after its connection dropped, nothing is
 * served from memory.
 */

/** Rows held across all entries (a page is at most 50): about 20 MB at the most. */
const MAX_CACHED_ROWS = 20_000;
const CHANNEL = 'dso_keywords_changed';
const RELISTEN_MS = 1_000;

export interface SearchResult {
  rows: KeywordRecord[];
  total: { total: number; estimated: boolean };
}

interface CacheState {
  generation: number;
  entries: Map<string, { generation: number; result: SearchResult }>;
  rows: number;
  /** Whether library changes reach this cache (LISTEN in place). */
  listening: boolean;
  listener: pg.Client | null;
  closed: boolean;
}

const states = new WeakMap<Database, CacheState>();

function clientOf(db: Database): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

function stateOf(db: Database): CacheState {
  let state = states.get(db);
  if (!state) {
    const current: CacheState = {
      generation: 0,
      entries: new Map(),
      rows: 0,
      listening: false,
      listener: null,
      closed: false,
    };
    state = current;
    states.set(db, current);
    const client = clientOf(db);
    if (client instanceof pg.Pool) {
      void listen(current, client);
      onDatabaseClose(db, async () => {
        current.closed = true;
        await current.listener?.end().catch(() => undefined);
      });
    } else if (client instanceof PGlite) {
      client
        .listen(CHANNEL, () => invalidate(current))
        .then(() => {
          invalidate(current);
          current.listening = true;
        })
        .catch(() => undefined);
    }
  }
  return state;
}

function invalidate(state: CacheState) {
  state.generation++;
  state.entries.clear();
  state.rows = 0;
}

/** A dedicated connection listening for library changes; re-established when it drops. */
async function listen(state: CacheState, pool: pg.Pool) {
  if (state.closed) return;
  const client = new pg.Client(pool.options);
  state.listener = client;
  const lost = () => {
    if (state.listener !== client) return;
    state.listener = null;
    state.listening = false;
    invalidate(state);
    client.end().catch(() => undefined);
    if (!state.closed) setTimeout(() => void listen(state, pool), RELISTEN_MS).unref();
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', () => invalidate(state));
  try {
    await client.connect();
    // The connection must never keep a process alive (CLIs, tests).
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    await client.query(`LISTEN ${CHANNEL}`);
    if (state.listener !== client) return;
    // Changes made before LISTEN took effect are unknown: start from an empty cache.
    invalidate(state);
    state.listening = true;
  } catch {
    lost();
  }
}

function keyOf(query: SearchQuery): string {
  return JSON.stringify([
    query.scope.platform,
    query.scope.country,
    query.words,
    query.filters,
    query.sort,
    query.order,
    query.limit,
    query.offset,
  ]);
}

/** A search (`run`, the repository's `runSearch`), answered from memory when it ran since the library last changed. */
export async function cachedSearch(
  db: Database,
  query: SearchQuery,
  run: () => Promise<SearchResult>,
): Promise<SearchResult> {
  const state = stateOf(db);
  if (!state.listening) return run();
  const key = keyOf(query);
  const hit = state.entries.get(key);
  if (hit && hit.generation === state.generation) {
    // Most recently used last: eviction takes the oldest first.
    state.entries.delete(key);
    state.entries.set(key, hit);
    return hit.result;
  }
  const generation = state.generation;
  const result = await run();
  if (state.listening && generation === state.generation) store(state, key, { generation, result });
  return result;
}

function store(state: CacheState, key: string, entry: { generation: number; result: SearchResult }) {
  const previous = state.entries.get(key);
  if (previous) {
    state.entries.delete(key);
    state.rows -= previous.result.rows.length + 1;
  }
  state.entries.set(key, entry);
  state.rows += entry.result.rows.length + 1;
  for (const [oldest, { result }] of state.entries) {
    if (state.rows <= MAX_CACHED_ROWS) break;
    state.entries.delete(oldest);
    state.rows -= result.rows.length + 1;
  }
}

/**
 * Call with every change to the keyword library (rows, gram statistics), inside its transaction when
 * it has one: every process forgets its cached searches when the change commits. Given the database
 * itself (no transaction), this process's cache is also emptied at once; after a transaction, call
 * {@link forgetCachedSearches} once it committed, so that no search started after the change is
 * answered from before it while the notification is on its way.
 */
export async function noteLibraryChanged(db: Database) {
  forgetCachedSearches(db);
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, '')`);
}

/** Empties this process's cache of a database (not of a transaction, which has none). */
export function forgetCachedSearches(db: Database) {
  const state = states.get(db);
  if (state) invalidate(state);
}
