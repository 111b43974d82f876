import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { openDatabase, queryRows } from '@dso/server/db';
import { seedKeywords } from '@dso/server/keywords/demo/seed';
import { analyzeKeywordTables } from '@dso/server/keywords/derive';
import { createUser, loginAs } from '@dso/server/testing';
import { sql } from 'drizzle-orm';

/**
 * The server of the fairness benchmark, in its own process so that the load generator does not share
 * its event loop. PostgreSQL at FAIRNESS_DATABASE_URL, else in-memory PGlite; seeds a DSO library when
 * it has none, makes the benchmark's users, and prints one JSON line: its URL, their tokens, and words
 * to search for. Request limits come from the environment like the real server's.
 */
const databaseUrl = process.env.FAIRNESS_DATABASE_URL;
const keywords = Number(process.env.FAIRNESS_KEYWORDS ?? 50_000);
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
await database.migrate();
const [existing] = await queryRows<{ n: number }>(
  database.db,
  sql`SELECT count(*)::int AS n FROM keywords WHERE platform = 'DSO'`,
);
if ((existing?.n ?? 0) === 0) {
  await seedKeywords(database.db, {
    scopes: [{ platform: 'DSO', country: '', count: keywords }],
    seed: 3,
    asOf: '2026-11-20',
    withTrends: false,
  });
  // As the first start does after its seed: PGlite has no autovacuum, so without this its planner has no
  // statistics and a search scans the whole table instead of asking the n-gram index.
  await analyzeKeywordTables(database.db);
}
const app = await buildApp({
  config: { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }), webDist: undefined },
  database,
  logger: false,
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const victim = await loginAs(database.db, (await createUser(database.db, { grade: 'VIP' })).id);
const freeUser = await loginAs(database.db, (await createUser(database.db)).id);
// Two-character pieces of real keywords: the commonest kind of query, and ones with many matches.
const sample = await queryRows<{ keyword: string }>(
  database.db,
  sql`SELECT keyword FROM keywords WHERE platform = 'DSO' AND char_length(keyword) >= 4 ORDER BY id LIMIT 200`,
);
const words = [...new Set(sample.map((row) => [...row.keyword].slice(1, 3).join('')))];
console.log(JSON.stringify({ url, victim, freeUser, words, kind: database.kind }));

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
