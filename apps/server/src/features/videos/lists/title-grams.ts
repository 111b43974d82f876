import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { enqueueJob, type JobHandlers } from '../../jobs';

/**
 * The title-gram counts (`video_title_grams`, migration 0024): how many listable works hold each character
 * and each pair of adjacent characters in their lower-cased title, kept by triggers on `videos` as deltas.
 * They give a one- or two-character title search its exact total without reading its matches, and tell it
 * how common the word is.
 */

/** The longest word the counts answer: a character or a pair. */
export const COUNTED_WORD_MAX = 2;

/**
 * Listable works whose lower-cased title holds the word (of at most {@link COUNTED_WORD_MAX} characters,
 * lower-cased by the caller as the search's LIKE pattern is).
 */
export async function titleGramWorks(db: Database, word: string): Promise<number> {
  const [row] = await queryRows<{ works: number }>(
    db,
    sql`SELECT coalesce(sum(works), 0)::int AS works FROM video_title_grams WHERE gram = ${word}`,
  );
  return Number(row?.works ?? 0);
}

/** Folds the deltas into one row per gram (the counts do not change). */
export async function compactTitleGrams(db: Database): Promise<void> {
  await db.execute(sql`SELECT video_title_grams_compact()`);
}

/**
 * Runs a bulk load of videos with the counting triggers off, then counts the library once: one pass
 * instead of a delta per gram per statement for millions of rows. Nothing else may write videos
 * meanwhile (the seeds that use it own the database).
 */
export async function withTitleGramsRecounted(db: Database, load: () => Promise<void>): Promise<void> {
  const triggers = ['insert', 'update', 'delete'].map((event) => `videos_title_grams_${event}`);
  for (const name of triggers) await db.execute(sql.raw(`ALTER TABLE videos DISABLE TRIGGER ${name}`));
  try {
    await load();
  } finally {
    for (const name of triggers) await db.execute(sql.raw(`ALTER TABLE videos ENABLE TRIGGER ${name}`));
    await db.execute(sql`SELECT video_title_grams_recount()`);
  }
}

/** The fold's job, and how often it runs: a gram read between folds sums a few more rows. */
export const TITLE_GRAMS_COMPACT_JOB = 'videos.compact-title-grams';
const COMPACT_EVERY_MS = 10 * 60_000;

/** Queues the next fold unless one already waits (every instance and worker calls this at start). */
export async function scheduleTitleGramsCompaction(db: Database, runAfter = new Date()) {
  await enqueueJob(db, {
    kind: TITLE_GRAMS_COMPACT_JOB,
    runAfter,
    singletonKey: TITLE_GRAMS_COMPACT_JOB,
    maxAttempts: 3,
  });
}

export const titleGramJobHandlers: JobHandlers = {
  async [TITLE_GRAMS_COMPACT_JOB](_payload, { db }) {
    try {
      await compactTitleGrams(db);
    } finally {
      await scheduleTitleGramsCompaction(db, new Date(Date.now() + COMPACT_EVERY_MS));
    }
  },
};
