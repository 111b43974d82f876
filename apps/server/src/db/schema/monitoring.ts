import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { at, createdAt, partOf, rowId } from './columns';

/*
 * Rank monitoring (关键词排名监控): what users monitor, one check per item per day, and the
 * rankings the checks read. docs/monitoring.md describes the flow.
 */

/**
 * A monitored item: a keyword on a platform (`aweme_id` '') or a work under a keyword. Each takes one
 * KEYWORD_MONITOR_COUNT unit of its user's pool while it exists; one per user, platform, keyword and work.
 */
export const monitorItems = pgTable(
  'monitor_items',
  {
    id: rowId(),
    userId: ownerId(),
    platform: text('platform').notNull().default('DSO'),
    keyword: text('keyword').notNull(),
    awemeId: text('aweme_id').notNull().default(''),
    workTitle: text('work_title').notNull().default(''),
    createdAt: createdAt(),
    /*
     * The item's standing (migration 0022), refreshed from its checks whenever one is recorded, so the
     * dashboard reads one row per item: its latest finished check, its last two successful checks, its
     * latest rank.
     */
    lastDay: date('last_day', { mode: 'string' }),
    lastStatus: text('last_status').$type<'ranked' | 'unranked' | 'failed'>(),
    okDay: date('ok_day', { mode: 'string' }),
    okRank: integer('ok_rank'),
    prevOkDay: date('prev_ok_day', { mode: 'string' }),
    prevOkRank: integer('prev_ok_rank'),
    rankedDay: date('ranked_day', { mode: 'string' }),
    rankedRank: integer('ranked_rank'),
  },
  (table) => [
    uniqueIndex('monitor_items_user_target_idx').on(table.userId, table.platform, table.keyword, table.awemeId),
    index('monitor_items_keyword_idx').on(table.platform, table.keyword),
  ],
);

/**
 * One item's check on one day (Asia/Shanghai): the history, and the claim that keeps two workers from
 * checking an item twice in a round: the row is inserted 'running' by the job that takes the item, and the
 * unique (item, day) lets only one insert win. 'ranked' carries a work's rank (1-based) or a keyword's
 * ranked-work count; 'unranked' a work not in the ranking (or a keyword with none); 'failed' the reason in
 * `error` and never a rank.
 */
export const monitorChecks = pgTable(
  'monitor_checks',
  {
    id: rowId(),
    itemId: partOf('item_id', () => monitorItems.id),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<'running' | 'ranked' | 'unranked' | 'failed'>().notNull(),
    rank: integer('rank'),
    rankedCount: integer('ranked_count'),
    error: text('error'),
    claimedBy: text('claimed_by').notNull(),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    checkedAt: at('checked_at'),
  },
  (table) => [
    uniqueIndex('monitor_checks_item_day_idx').on(table.itemId, table.day),
    index('monitor_checks_day_idx').on(table.day),
    check('monitor_checks_rank_positive', sql`${table.rank} IS NULL OR ${table.rank} >= 1`),
    check('monitor_checks_failed_unranked', sql`${table.status} <> 'failed' OR ${table.rank} IS NULL`),
  ],
);

/**
 * A keyword's ranking as read on a day, shared by every item under the keyword: the first check of the day
 * fetches and stores it; later checks that day read it. `fetched_by` names the source.
 */
export const monitorRankingDays = pgTable(
  'monitor_ranking_days',
  {
    platform: text('platform').notNull(),
    keyword: text('keyword').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    works: integer('works').notNull(),
    source: text('source').notNull(),
    fetchedAt: at('fetched_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.platform, table.keyword, table.day] })],
);

/** The works of a {@link monitorRankingDays} row, by rank. */
export const monitorRankings = pgTable(
  'monitor_rankings',
  {
    platform: text('platform').notNull(),
    keyword: text('keyword').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rank: integer('rank').notNull(),
    awemeId: text('aweme_id').notNull(),
    title: text('title').notNull().default(''),
    author: text('author').notNull().default(''),
    cover: text('cover').notNull().default(''),
    goodCount: bigint('good_count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.keyword, table.day, table.rank] }),
    index('monitor_rankings_work_idx').on(table.platform, table.keyword, table.awemeId, table.day),
  ],
);

/**
 * The dashboard's daily roll-up (migration 0022): per user and day, the finished checks (`checked`
 * ranked or not ranked, `failed`) and the glossary's coverage of the user's work items that day (`core`
 * top 100, `ranking` top 10). The repository keeps it in step with {@link monitorChecks}: recording a
 * check's outcome adds it in the same statement, removing an item subtracts its checks.
 */
export const monitorUserDays = pgTable(
  'monitor_user_days',
  {
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    checked: integer('checked').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    core: integer('core').notNull().default(0),
    ranking: integer('ranking').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
