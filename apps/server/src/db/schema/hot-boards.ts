import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/*
 * The hot boards read by scheduled collection (docs/collection.md, "Hot boards"), owned by the keywords feature:
 * each source's last good reading of each board, as the source ranked it.
 */

/**
 * One entry of a board as last read: a board (`hot` 热搜榜/热榜, `rising` 上升热点榜, `city` 同城热点榜, `search` 热搜词) of a
 * keyword library and a collection source
 * (`platform-data`, `hot-list`: whichever provider each is set to), per city for `city` ('' otherwise). A reading replaces the
 * board's entries in one transaction, and only when the source answered with entries: a failed or empty reading
 * leaves the last good one, and its `as_of`, in place.
 */
export const hotBoardEntries = pgTable(
  'hot_board_entries',
  {
    /** The keyword library the board feeds (`DSO`, `RSO`, `KSO`, `BSO`; migration 0033). */
    platform: text('platform').notNull().default('DSO'),
    source: text('source').notNull(),
    board: text('board').notNull(),
    cityCode: text('city_code').notNull().default(''),
    rank: integer('rank').notNull(),
    word: text('word').notNull(),
    /** 热度, the source's unitless score; null when the board gives none (migration 0033). */
    hotValue: bigint('hot_value', { mode: 'number' }),
    label: text('label'),
    videoCount: integer('video_count'),
    /** When the board was true, by the source's own time when it gives one. */
    asOf: at('as_of').notNull(),
    fetchedAt: at('fetched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.platform, table.source, table.board, table.cityCode, table.rank] })],
);
