import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { createTestDatabase } from '../../../testing';
import { JobWorker } from '../../jobs';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput } from '../keyword.fixtures';
import { keywordJobHandlers } from '../keyword-jobs';
import { KEYWORDS_NIGHTLY_DERIVE_JOB, scheduleNightlyDerive } from './nightly-derive';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

const libraries = [
  { platform: 'DSO', country: '', words: ['口红色号', '口红试色', '防晒霜'] },
  { platform: 'RSO', country: '', words: ['露营装备', '露营地推荐'] },
  { platform: 'TSO', country: 'US', words: ['lipstick', 'sunscreen'] },
  { platform: 'TSO', country: 'JP', words: ['リップ'] },
] as const;

describe('the nightly derive', () => {
  let database: Handle;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const library of libraries) {
      await upsertKeywords(
        database.db,
        library.words.map((word, i) =>
          keywordInput(word, 1_000 + i, { platform: library.platform, country: library.country }),
        ),
      );
    }
  }, 60_000);
  afterAll(async () => database.close());

  const nightlyJobs = () =>
    queryRows<{ status: string; run_after: string }>(
      database.db,
      sql`SELECT status, run_after::text AS run_after FROM jobs WHERE kind = ${KEYWORDS_NIGHTLY_DERIVE_JOB} ORDER BY id`,
    );

  it('is queued once for 03:00 in Shanghai, however many workers schedule it', async () => {
    // 05:00 in Shanghai on the 24th: tonight's 03:00 has passed, the next is the 25th's (19:00 UTC on the 24th).
    const at = new Date('2026-11-23T21:00:00Z');
    await scheduleNightlyDerive(database.db, at);
    await scheduleNightlyDerive(database.db, at);
    const jobs = await nightlyJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.status).toBe('queued');
    expect(Date.parse(jobs[0]!.run_after)).toBe(Date.parse('2026-11-24T19:00:00Z'));
  });

  it('derives every library whole when it runs, and queues the next night', async () => {
    // A change a collection recorded for the derive of changes: the full derive covers it.
    await upsertKeywords(database.db, [keywordInput('口红推荐', 5_000)]);
    await database.db.execute(
      sql`UPDATE jobs SET run_after = now() - interval '1 second' WHERE kind = ${KEYWORDS_NIGHTLY_DERIVE_JOB}`,
    );
    const worker = new JobWorker(database.db, keywordJobHandlers, { workerId: 'nightly' });
    await worker.drain();

    const derives = await queryRows<{ library: string; status: string }>(
      database.db,
      sql`SELECT payload->>'platform' || coalesce('/' || nullif(payload->>'country', ''), '') AS library, status
          FROM jobs WHERE kind = 'keywords.derive' ORDER BY library`,
    );
    expect(derives).toEqual([
      { library: 'DSO', status: 'done' },
      { library: 'RSO', status: 'done' },
      { library: 'TSO/JP', status: 'done' },
      { library: 'TSO/US', status: 'done' },
    ]);
    // Each library's gram statistics were rebuilt from its rows, the recorded change included.
    const stats = await queryRows<{ scope: string; keyword_count: number }>(
      database.db,
      sql`SELECT scope, keyword_count FROM keyword_scope_stats ORDER BY scope`,
    );
    expect(stats).toEqual([
      { scope: 'DSO', keyword_count: 4 },
      { scope: 'RSO', keyword_count: 2 },
      { scope: 'TSOJP', keyword_count: 1 },
      { scope: 'TSOUS', keyword_count: 2 },
    ]);
    const [pending] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM keyword_changes`);
    expect(pending?.n).toBe(0);

    const jobs = await nightlyJobs();
    expect(jobs.map((job) => job.status)).toEqual(['done', 'queued']);
    const next = new Date(jobs[1]!.run_after);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    // 03:00 in Shanghai is 19:00 UTC.
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([19, 0]);
  });
});
