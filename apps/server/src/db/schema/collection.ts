import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, rowId } from './columns';

/*
 * Scheduled collection (docs/collection.md): every run of a collection, owned by the collection feature.
 */

/** A run's state: in hand, done with rows, failed (the vendor's reason kept), nothing to do, or stopped by the budget. */
export const collectionRunStatuses = ['running', 'succeeded', 'failed', 'empty', 'skipped_budget'] as const;
export type CollectionRunStatus = (typeof collectionRunStatuses)[number];

/** What started a run: its cron, the worker catching up a missed window, or a staff member (立即运行). */
export const collectionRunTriggers = ['schedule', 'catch_up', 'manual'] as const;
export type CollectionRunTrigger = (typeof collectionRunTriggers)[number];

/**
 * One run of a collection over one window (`window_key`, the cron's due instant, or `manual@…`). The partial
 * unique index lets one run that did not fail hold a window: the worker that inserts it runs it, any other finds
 * it taken. A failed attempt stays as its own row, so the retry takes the window again.
 */
export const collectionRuns = pgTable(
  'collection_runs',
  {
    id: rowId(),
    collection: text('collection').notNull(),
    /** The source called ('platform-data', …); the daily budget counts its calls. */
    source: text('source').notNull(),
    /** What part of the libraries the run covers ('' for all). */
    scope: text('scope').notNull().default(''),
    windowKey: text('window_key').notNull(),
    trigger: text('trigger').$type<CollectionRunTrigger>().notNull(),
    status: text('status').$type<CollectionRunStatus>().notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    rowsAdded: integer('rows_added').notNull().default(0),
    rowsUpdated: integer('rows_updated').notNull().default(0),
    rowsUnchanged: integer('rows_unchanged').notNull().default(0),
    /** Vendor calls made, kept up to date while running so the daily budget sees them. */
    callsMade: integer('calls_made').notNull().default(0),
    /** Items whose fetch failed. */
    failures: integer('failures').notNull().default(0),
    /** The vendor's reason for the first failure (or the budget's), when any. */
    error: text('error'),
    /** The queue's job that runs it (the same job claimed again after its worker died takes the record back). */
    jobId: bigint('job_id', { mode: 'number' }),
    /** Who asked for a manual run. */
    staffName: text('staff_name'),
  },
  (table) => [
    uniqueIndex('collection_runs_window_idx')
      .on(table.collection, table.windowKey)
      .where(sql`${table.status} <> 'failed'`),
    index('collection_runs_recent_idx').on(table.collection, table.startedAt),
    index('collection_runs_source_day_idx').on(table.source, table.startedAt),
  ],
);
