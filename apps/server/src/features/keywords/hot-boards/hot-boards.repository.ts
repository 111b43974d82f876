import { shanghaiDay } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { collectedKeyword } from '../collected-keyword';
import { industries } from '../demo/vocabulary';
import { type KeywordInput, upsertKeywords } from '../import/keyword-ingest.repository';
import type { KeywordScope } from '../search/keyword-search.repository';

/**
 * The boards a collection reads (docs/collection.md, "Hot boards"): 热搜榜 / a platform's 热榜, 上升热点榜, 同城热点榜, and a
 * platform's 热搜词 (`search`).
 */
export type HotBoardKind = 'hot' | 'rising' | 'city' | 'search';

/** A keyword library: its platform code and country ('' for every library but TikTok's). */
export type HotBoardLibrary = KeywordScope;

/** One entry as a source ranked it, in our units. */
export interface HotBoardEntryInput {
  word: string;
  rank: number;
  /** 热度; null when the board gives none (小红书's 热搜词). */
  hotValue: number | null;
  label: string | null;
  videoCount: number | null;
  /** The source's category of the word, when it gives one; kept only when it is one of the library's industries. */
  category: string | null;
}

/** A board as read from a source, with the time it stands for. */
export interface HotBoardReading {
  /** The library the board feeds: its new words join it, and its entries are stored under it. */
  library: HotBoardLibrary;
  /** The collection source that read it (`platform-data`, `hot-list`): the board's key among the stored ones. */
  source: string;
  /** The provider that answered (`tikhub`, `douyin`, `sandbox`): the source a new word's figures are named by. */
  provider: string;
  board: HotBoardKind;
  /** The city of a 同城 board ('' for the others). */
  cityCode: string;
  asOf: Date;
  fetchedAt: Date;
  entries: HotBoardEntryInput[];
}

/** What storing a reading did: words new to the library, and words it knew whose board entry was replaced. */
export interface HotBoardOutcome {
  added: number;
  updated: number;
}

const DOUYIN_LIBRARY: HotBoardLibrary = { platform: 'DSO', country: '' };
const INT_MAX = 2_147_483_647;
const libraryIndustries = new Set(industries.map((industry) => industry.name));

/**
 * Stores a board reading: its entries replace the source's last reading of that board of that library, and every word
 * the library does not know joins it, its source named. A word the library knows keeps its figures (they come from a
 * search index this board does not have); a new word's search index is the board's 热度, the one measure of demand
 * the board gives, its related works the board's video count, its `as_of` and `first_seen` the board's day.
 * The caller passes only readings with entries: an empty answer must leave the last good reading in place.
 */
export async function storeHotBoard(db: Database, reading: HotBoardReading): Promise<HotBoardOutcome> {
  const entries = reading.entries.flatMap((entry) => {
    const keyword = collectedKeyword(entry.word);
    return keyword ? [{ ...entry, word: keyword }] : [];
  });
  if (entries.length === 0) return { added: 0, updated: 0 };
  const day = shanghaiDay(reading.asOf);
  const { library } = reading;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      DELETE FROM hot_board_entries
      WHERE platform = ${library.platform} AND source = ${reading.source} AND board = ${reading.board}
        AND city_code = ${reading.cityCode}`);
    await tx.execute(sql`
      INSERT INTO hot_board_entries (platform, source, board, city_code, rank, word, hot_value, label, video_count, as_of,
        fetched_at)
      SELECT ${library.platform}, ${reading.source}, ${reading.board}, ${reading.cityCode}, rank, word, hot_value, label, video_count,
        ${reading.asOf.toISOString()}::timestamptz, ${reading.fetchedAt.toISOString()}::timestamptz
      FROM unnest(${sql.param(entries.map((entry) => entry.rank))}::int[],
        ${sql.param(entries.map((entry) => entry.word))}::text[],
        ${sql.param(entries.map((entry) => entry.hotValue))}::bigint[],
        ${sql.param(entries.map((entry) => entry.label))}::text[],
        ${sql.param(entries.map((entry) => entry.videoCount))}::int[]) AS incoming(rank, word, hot_value, label, video_count)
      ON CONFLICT (platform, source, board, city_code, rank) DO NOTHING`);
    const known = await queryRows<{ keyword: string }>(
      tx,
      sql`SELECT keyword FROM keywords
          WHERE platform = ${library.platform} AND country = ${library.country}
            AND keyword = ANY(${sql.param(entries.map((entry) => entry.word))}::text[])`,
    );
    const knownWords = new Set(known.map((row) => row.keyword));
    const fresh = [...new Map(entries.filter((entry) => !knownWords.has(entry.word)).map((e) => [e.word, e])).values()];
    const inputs: KeywordInput[] = fresh.map((entry) => ({
      platform: library.platform,
      country: library.country,
      keyword: entry.word,
      // A board without heat gives no measure of demand: the word joins at 0 until an import gives it one.
      searchIndex: Math.min(INT_MAX, Math.max(0, Math.round(entry.hotValue ?? 0))),
      monthCoverCount: 0,
      relatedWorkCount: Math.min(INT_MAX, Math.max(0, entry.videoCount ?? 0)),
      category: null,
      industry: entry.category && libraryIndustries.has(entry.category) ? entry.category : null,
      commerceIntent: false,
      firstSeen: day,
      asOf: day,
      trend: null,
      isDemo: false,
      source: reading.provider,
    }));
    const written = await upsertKeywords(tx, inputs);
    return { added: written.inserted, updated: new Set(entries.map((entry) => entry.word)).size - fresh.length };
  });
}

/** The Douyin library's scope: the library the Douyin boards (`hot_boards`, `douyin_hot_boards`) feed. */
export const hotBoardLibrary = DOUYIN_LIBRARY;
