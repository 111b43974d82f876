import { desc, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Database } from '../../db/client';
import { collectionRuns } from '../../db/schema';
import { createMemoryRateLimitStore } from '../../lib/rate-limit';
import { HotListError, type HotListProvider, type HotWordEntry } from '../../providers/hot-list';
import type { PlatformDataProvider, PlatformVideoRecord } from '../../providers/platform-data';
import type {
  PlatformBoardEntry,
  PlatformBoardKind,
  PlatformBoardLibrary,
  PlatformHotEntry,
  PlatformHotListKind,
  PlatformKeywordSource,
} from '../../providers/platform-data/keywords';
import { platformCreatorRecord, platformVideoRecord } from '../../providers/platform-data/platform-data.fixtures';
import { createTestDatabase } from '../../testing';
import { sourcePace } from './collection.pace';
import type { CollectionKind } from './collection.registry';
import { runCollection } from './collection.service';

/** Test helpers of scheduled collection: a scripted source, a vendor's error, a pace that never waits. */

/**
 * A database for the enclosing suite whose libraries, boards, runs and jobs are emptied before each test and
 * given the keywords `seed` inserts; returns the getter of its `db`.
 */
export function useBoardsDatabase(seed: SQL): () => Database {
  let handle: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const db = () => {
    if (!handle) throw new Error('the suite’s database is made in beforeAll; use it from a test');
    return handle.db;
  };
  beforeEach(async () => {
    await db().execute(sql`TRUNCATE keywords, hot_board_entries, collection_runs, jobs RESTART IDENTITY CASCADE`);
    await db().execute(seed);
  });
  return db;
}

/** A source error as the adapters raise it: the vendor's words in the message, our reason beside. */
export function vendorError(reason: 'unauthorized' | 'rate_limited' | 'unavailable', message: string) {
  return Object.assign(new Error(message), { name: 'PlatformDataError', reason });
}

/**
 * A source that answers every known video with its likes raised by `likesGain` (and the rest as given), and
 * every creator with 50,000 followers; `fail` makes every call reject instead.
 */
export function scriptedSource(options: {
  videos: Record<string, { authorUserId: string; goodCount: number }>;
  likesGain?: number;
  fail?: Error;
  calls?: string[];
  /**
   * The pages of each board by `kind` (`city:<code>` for a 同城 board); a page given as an Error is a call that
   * fails there. A board not given answers one empty page.
   */
  boards?: Record<string, Array<PlatformHotEntry[] | Error>>;
  /** The 下拉词 of each word, or the Error its call fails with; a word not given has none. */
  suggestions?: Record<string, string[] | Error>;
  /**
   * The words of the other platforms' boards by `<library>:<board>` (`RSO:hot`), or the Error the read fails with. A
   * board not given answers empty.
   */
  platformBoards?: Record<string, string[] | Error>;
  /** 小红书's 联想词 of each word; a word not given has none. */
  redSuggestions?: Record<string, string[]>;
  /** The works a search for each word finds, in their order, or the Error it fails with; a word not given finds none. */
  searches?: Record<string, Array<{ awemeId: string; authorUserId: string }> | Error>;
  /** Creators the source does not know (their fetch answers null). */
  unknownCreators?: string[];
  /** The 话题推荐 of each word (views null when the source gave none), or the Error its call fails with. */
  topics?: Record<string, Array<{ name: string; views: number | null }> | Error>;
}): PlatformDataProvider & PlatformKeywordSource {
  const fetchedAt = new Date('2026-11-29T04:31:00+08:00');
  const guard = async <T>(what: string, value: () => T): Promise<T> => {
    options.calls?.push(what);
    if (options.fail) throw options.fail;
    return value();
  };
  const video = (awemeId: string): PlatformVideoRecord | null => {
    const known = options.videos[awemeId];
    if (!known) return null;
    return platformVideoRecord(awemeId, known.authorUserId, {
      goodCount: known.goodCount + (options.likesGain ?? 100),
      fetchedAt,
    });
  };
  return {
    name: 'scripted',
    isDemo: false,
    fetchVideo: (awemeId) => guard(`video:${awemeId}`, () => video(awemeId)),
    fetchCreator: (userId) =>
      guard(`creator:${userId}`, () =>
        options.unknownCreators?.includes(userId) ? null : platformCreatorRecord(userId, { fetchedAt }),
      ),
    fetchCreatorVideos: (userId) =>
      guard(`creator-videos:${userId}`, () => ({ items: [], nextCursor: null, total: 0 })),
    fetchComments: (awemeId) => guard(`comments:${awemeId}`, () => ({ items: [], nextCursor: null, total: 0 })),
    fetchTrend: (awemeId) => guard(`trend:${awemeId}`, () => []),
    searchVideos: (keyword) =>
      guard(`search:${keyword}`, () => {
        const found = options.searches?.[keyword] ?? [];
        if (found instanceof Error) throw found;
        const items = found.map((work) => platformVideoRecord(work.awemeId, work.authorUserId, { fetchedAt }));
        return { items, nextCursor: null, total: null };
      }),
    fetchSuggestions: (word) =>
      guard(`suggestions:${word}`, () => {
        const answer = options.suggestions?.[word] ?? [];
        if (answer instanceof Error) throw answer;
        return answer.map((text, index) => ({ word: text, rank: index + 1, heat: null }));
      }),
    fetchTopicSuggestions: (word) =>
      guard(`topics:${word}`, () => {
        const answer = options.topics?.[word] ?? [];
        if (answer instanceof Error) throw answer;
        return answer.map((topic, index) => ({
          name: topic.name,
          rank: index + 1,
          topicId: `cid-${topic.name}`,
          viewCount: topic.views,
        }));
      }),
    fetchIndexSeries: (word) => guard(`index:${word}`, () => null),
    fetchPlatformBoard: (library: PlatformBoardLibrary, board: PlatformBoardKind) =>
      guard(`platform-board:${library}:${board}`, () => {
        const answer = options.platformBoards?.[`${library}:${board}`] ?? [];
        if (answer instanceof Error) throw answer;
        const items: PlatformBoardEntry[] = answer.map((word, index) => ({
          word,
          rank: index + 1,
          heat: 500_000 - index * 10_000,
          label: null,
        }));
        return { library, board, items, updatedAt: null, fetchedAt };
      }),
    fetchRedSuggestions: (word) =>
      guard(`red-suggestions:${word}`, () =>
        (options.redSuggestions?.[word] ?? []).map((text, index) => ({ word: text, rank: index + 1, heat: null })),
      ),
    fetchHotList: (kind: PlatformHotListKind, list = {}) => {
      const board = kind === 'city' ? `city:${list.cityCode}` : kind;
      const page = list.cursor ? Number(list.cursor) : 1;
      return guard(`board:${board}:${page}`, () => {
        const pages = options.boards?.[board] ?? [[]];
        const items = pages[page - 1] ?? [];
        if (items instanceof Error) throw items;
        return {
          kind,
          cityCode: list.cityCode ?? null,
          items,
          nextCursor: page < pages.length ? String(page + 1) : null,
          total: null,
          updatedAt: new Date('2026-11-29T10:00:00+08:00'),
          fetchedAt,
        };
      });
    },
  } as PlatformDataProvider & PlatformKeywordSource;
}

/** Entries of a board, ranked from `from`: 热度 falls with the rank. */
export function boardEntries(words: string[], from = 1): PlatformHotEntry[] {
  return words.map((word, index) => ({
    word,
    rank: from + index,
    hotValue: 9_000_000 - (from + index) * 100_000,
    label: null,
    category: null,
    videoCount: 120 + index,
    since: null,
    sourceId: null,
  }));
}

/** A hot-list source answering its 热点榜 and 上升词 with the given words, or failing a board with `fail`. */
export function scriptedHotList(options: {
  hot?: string[];
  rising?: string[];
  fail?: { board: 'hot' | 'rising'; reason: HotListError['reason'] };
  calls?: string[];
}): HotListProvider {
  const asOf = new Date('2026-11-29T09:58:00+08:00');
  const board = async (name: 'hot' | 'rising', words: string[] | undefined) => {
    options.calls?.push(`douyin:${name}`);
    if (options.fail?.board === name) throw new HotListError(options.fail.reason, `抖音开放平台：${name} 读取失败`);
    const entries: HotWordEntry[] = boardEntries(words ?? []).map(({ word, rank, hotValue, label, videoCount }) => ({
      word,
      rank,
      hotValue,
      label,
      videoCount,
    }));
    return { entries, asOf };
  };
  return {
    name: 'douyin',
    isDemo: false,
    fetchHotSearch: () => board('hot', options.hot),
    fetchRisingWords: () => board('rising', options.rising),
    fetchHotVideos: async () => ({ entries: [], asOf }),
    fetchHotTopics: async () => ({ entries: [], asOf }),
  };
}

/** A pace that counts in memory and never needs to wait (tests keep the rate high). */
export const testPace = () => sourcePace({ store: createMemoryRateLimitStore(), wait: async () => {} });

let manualWindows = 0;

/**
 * Runs `kind` once over a new manual window, with a budget and a pace that never hold it back, and answers the
 * run's record; a run recorded failed must also have thrown (for the queue to retry it), and no other.
 */
export async function runManually(db: Database, kind: CollectionKind) {
  const thrown = await runCollection(db, {
    kind,
    window: `w${++manualWindows}`,
    trigger: 'manual',
    jobId: null,
    limits: { dailyCalls: 1_000, callsPerSecond: 1_000 },
    pace: testPace(),
    log: { info() {}, warn() {}, error() {} },
  }).then(
    () => null,
    (error: unknown) => error,
  );
  const [record] = await db.select().from(collectionRuns).orderBy(desc(collectionRuns.id)).limit(1);
  expect(thrown !== null).toBe(record!.status === 'failed');
  return record!;
}
