import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { enqueueJob } from '../../jobs/jobs.repository';
import type { JobHandlers } from '../../jobs/jobs.worker';

/**
 * The title-character counts (`video_title_chars`, migration 0024): how many listable works hold each
 * character in their lower-cased title, kept by triggers on `videos` as deltas. They give a one-character
 * title search its exact total without reading its matches, and tell it how common the character is.
 */

/** Listable works whose lower-cased title holds the character (lower-cased here as the search's LIKE does). */
export async function titleCharWorks(db: Database, char: string): Promise<number> {
  const [row] = await queryRows<{ works: number }>(
    db,
    sql`SELECT coalesce(sum(works), 0)::int AS works FROM video_title_chars WHERE ch = lower(${char})`,
  );
  return Number(row?.works ?? 0);
}

/** Folds the deltas into one row per character (the counts do not change). */
export async function compactTitleChars(db: Database): Promise<void> {
  await db.execute(sql`SELECT video_title_chars_compact()`);
}

/**
 * Runs a bulk load of videos with the counting triggers off, then counts the library once: one pass
 * instead of a delta per character per statement for millions of rows. Nothing else may write videos
 * meanwhile (the seeds that use it own the database).
 */
export async function withTitleCharsRecounted(db: Database, load: () => Promise<void>): Promise<void> {
  const triggers = ['insert', 'update', 'delete'].map((event) => `videos_title_chars_${event}`);
  for (const name of triggers) await db.execute(sql.raw(`ALTER TABLE videos DISABLE TRIGGER ${name}`));
  try {
    await load();
  } finally {
    for (const name of triggers) await db.execute(sql.raw(`ALTER TABLE videos ENABLE TRIGGER ${name}`));
    await db.execute(sql`SELECT video_title_chars_recount()`);
  }
}

/** The fold's job, and how often it runs: a character read between folds sums a few more rows. */
export const TITLE_CHARS_COMPACT_JOB = 'videos.compact-title-chars';
const COMPACT_EVERY_MS = 10 * 60_000;

/** Queues the next fold unless one already waits (every instance and worker calls this at start). */
export async function scheduleTitleCharsCompaction(db: Database, runAfter = new Date()) {
  await enqueueJob(db, {
    kind: TITLE_CHARS_COMPACT_JOB,
    runAfter,
    singletonKey: TITLE_CHARS_COMPACT_JOB,
    maxAttempts: 3,
  });
}

export const titleCharJobHandlers: JobHandlers = {
  async [TITLE_CHARS_COMPACT_JOB](_payload, { db }) {
    try {
      await compactTitleChars(db);
    } finally {
      await scheduleTitleCharsCompaction(db, new Date(Date.now() + COMPACT_EVERY_MS));
    }
  },
};
