import type { VideoSort } from '@dso/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, max, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { creators, keywords, videoKeywords, videos } from '../../../db/schema';
import { cappedCount, TOTAL_COUNT_CAP } from '../../../lib/capped-count';
import { queryGrams } from '../../../lib/grams';
import { likeContains } from '../../../lib/like-patterns';
import { countedPage, pageRowsAndTotal } from '../../../lib/page-rows';
import { VIDEO_PLATFORM } from '../video-platform';
import { COUNTED_WORD_MAX, titleGramWorks } from './title-grams';
import { type VideoRowRecord, videoRowColumns } from './video-rows';

export interface Page {
  offset: number;
  limit: number;
}

/** A list's order: largest first, then our id so pages never overlap (the indexes' `DESC, id`). */
export function videoOrder(sort: VideoSort): SQL[] {
  return [sort === 'create_time' ? desc(videos.createTime) : desc(videos.goodCount), asc(videos.id)];
}

/** Lists show works that can be watched: a deleted or hidden work stays reachable by its id only. */
const listable = () => and(eq(videos.platform, VIDEO_PLATFORM), eq(videos.status, 'normal'));

/**
 * The title search: the n-gram method of the keyword search (docs/videos.md). The GIN index over
 * `videos.grams` finds the works holding every gram of the query (its bigrams; the character itself
 * for one character), and a LIKE on the lower-cased title confirms the substring.
 */
function titleMatches(keyword: string): SQL {
  return and(
    listable(),
    sql`${videos.grams} @> ${sql.param(queryGrams(VIDEO_PLATFORM, keyword))}::int[]`,
    sql`lower(${videos.videoDesc}) LIKE ${likeContains(keyword)}`,
  )!;
}

/**
 * Listable works the title search walks in list order before it asks the n-gram index: a common word
 * (a page within this many works) is found by walking the sort's index, which stops after a page,
 * where the n-gram index would hand over every work containing it to be sorted.
 */
export const TITLE_WALK_BUDGET = 1_500;

/** The longest walk a word seen in the first walk may get, when its share says the page lies within it. */
const TITLE_WALK_MAX = 20_000;

/**
 * What reading one match from the heap costs, in entries of a sort's index read instead: a counted word's
 * search reads the matches above a threshold of the sort ({@link pageAboveThreshold}) when its index range
 * is shorter than this many entries per match, else reads every match. Measured on the 5-million-work
 * benchmark library: about 8 µs per match's heap page (default 128 MB shared buffers) against 0.2 µs per
 * index entry.
 */
export const HEAP_READ_IN_INDEX_ENTRIES = 40;

/**
 * The matches a threshold is set to admit, in pages: twice the page's rows for a word spread evenly
 * over the list; a second try admits four times as many before the search reads every match.
 */
const THRESHOLD_MARGIN = 2;
const THRESHOLD_RETRY = 4;

/** The tuning of the title search; tests shrink it to reach each path with a small library. */
export interface TitleSearchTuning {
  walkBudget: number;
  walkMax: number;
}

const TUNING: TitleSearchTuning = { walkBudget: TITLE_WALK_BUDGET, walkMax: TITLE_WALK_MAX };

type TitleQuery = { keyword: string; sort: VideoSort };
type Count = { total: number; estimated: boolean };

/**
 * The title search's page and total (docs/videos.md, the video lists). A word of one or two characters
 * takes its exact total from the title-gram counts and, knowing how common it is, its page from a walk of
 * the sort's index (common), all its matches (rare) or the matches above a threshold of the sort (in
 * between). A longer word walks first and, when the walk does not fill the page, reads its matches from
 * the n-gram index; its total is counted up to the cap, except when the walk shows the word in so many
 * works that the count would pass the cap twice over and the counts of its pairs allow that: then it is
 * the cap, marked estimated. The creators are joined to the page's ids only (joining before the sort
 * would look up the creator of every candidate).
 */
export async function searchVideos(
  db: Database,
  query: TitleQuery,
  page: Page,
  tuning: TitleSearchTuning = TUNING,
): Promise<{ rows: VideoRowRecord[]; total: number; estimated: boolean }> {
  const lowered = query.keyword.toLowerCase();
  const found =
    [...lowered].length <= COUNTED_WORD_MAX
      ? await searchCountedWord(db, { ...query, keyword: lowered }, page, tuning)
      : await searchLongWord(db, query, page, tuning);
  const rows =
    found.ids.length === 0
      ? []
      : await db
          .select(videoRowColumns)
          .from(videos)
          .innerJoin(creators, eq(creators.id, videos.creatorId))
          .where(inArray(videos.id, found.ids))
          .orderBy(...videoOrder(query.sort));
  return { rows, total: found.count.total, estimated: found.count.estimated };
}

async function searchCountedWord(
  db: Database,
  query: TitleQuery,
  page: Page,
  tuning: TitleSearchTuning,
): Promise<{ ids: number[]; count: Count }> {
  const pageEnd = page.offset + page.limit;
  const [works, library] = await Promise.all([titleGramWorks(db, query.keyword), libraryRows(db)]);
  const count = { total: Math.min(works, TOTAL_COUNT_CAP), estimated: works > TOTAL_COUNT_CAP };
  if (page.limit === 0 || page.offset >= works) return { ids: [], count };
  const share = works / Math.max(library, works);
  if (share * tuning.walkBudget >= pageEnd) {
    const walked = await walkHead(db, query, tuning.walkBudget);
    if (walked.length >= pageEnd) return { ids: walked.slice(page.offset, pageEnd), count };
  }
  const where = titleMatches(query.keyword);
  // The rank in list order above which the matches should fill the page, spread evenly, with a margin.
  let rank = Math.ceil((pageEnd / share) * THRESHOLD_MARGIN);
  for (const widen of [1, THRESHOLD_RETRY]) {
    rank *= widen;
    if (rank >= library || rank >= works * HEAP_READ_IN_INDEX_ENTRIES) break;
    const above = await pageAboveThreshold(db, where, query.sort, page, rank);
    if (above) return { ids: above, count };
  }
  // Past the cap the counts already say what reading the matches up to it would: go straight to the order.
  const ids =
    works > TOTAL_COUNT_CAP
      ? await orderedMatches(db, where, query.sort, page)
      : (await readMatches(db, where, query.sort, page)).ids;
  return { ids, count };
}

async function searchLongWord(
  db: Database,
  query: TitleQuery,
  page: Page,
  tuning: TitleSearchTuning,
): Promise<{ ids: number[]; count: Count }> {
  const where = titleMatches(query.keyword);
  const pageEnd = page.offset + page.limit;
  const walk = await walkTitles(db, query, pageEnd, tuning);
  if (walk.ids.length >= pageEnd) {
    const count =
      walk.estimatedMatches >= 2 * TOTAL_COUNT_CAP && (await pairsAllow(db, query.keyword, TOTAL_COUNT_CAP))
        ? { total: TOTAL_COUNT_CAP, estimated: true }
        : await cappedCount(db, db.select({ one: sql`1` }).from(videos).where(where));
    return { ids: walk.ids.slice(page.offset, pageEnd), count };
  }
  return readMatches(db, where, query.sort, page);
}

/**
 * Whether the word's pairs of adjacent characters are each in at least `works` works: the rarest pair's
 * count bounds the word's matches from above, so when it falls short the word is surely in fewer.
 */
async function pairsAllow(db: Database, word: string, works: number): Promise<boolean> {
  const chars = [...word.toLowerCase()];
  const pairs = new Set(chars.slice(1).map((char, i) => chars[i] + char));
  for (const pair of pairs) if ((await titleGramWorks(db, pair)) < works) return false;
  return true;
}

/**
 * A page and the total from the n-gram index: up to the cap plus one matches with their sort keys, read
 * once for both the total and, when they are all the matches, the page; past the cap the page needs
 * every match in order.
 */
async function readMatches(
  db: Database,
  where: SQL,
  sort: VideoSort,
  page: Page,
): Promise<{ ids: number[]; count: Count }> {
  const pageEnd = page.offset + page.limit;
  // The LIMIT keeps the planner on the n-gram index (an ORDER BY … LIMIT would walk the sort's index).
  const matches = db
    .select({ id: videos.id, goodCount: videos.goodCount, createTime: videos.createTime })
    .from(videos)
    .where(where)
    .limit(TOTAL_COUNT_CAP + 1)
    .as('matches');
  const order = sort === 'create_time' ? desc(matches.createTime) : desc(matches.goodCount);
  const head = await db
    .select({ id: matches.id, total: sql<number>`count(*) OVER ()` })
    .from(matches)
    .orderBy(order, asc(matches.id))
    .limit(Math.max(pageEnd, 1));
  const total = Number(head[0]?.total ?? 0);
  const count = { total: Math.min(total, TOTAL_COUNT_CAP), estimated: total > TOTAL_COUNT_CAP };
  if (page.limit === 0) return { ids: [], count };
  if (!count.estimated) return { ids: head.slice(page.offset, pageEnd).map((row) => row.id), count };
  return { ids: await orderedMatches(db, where, sort, page), count };
}

/** A page of every match in list order (a word past the count cap). */
async function orderedMatches(db: Database, where: SQL, sort: VideoSort, page: Page): Promise<number[]> {
  const ordered = await db
    .select({ id: videos.id })
    .from(videos)
    .where(where)
    .orderBy(...videoOrder(sort))
    .limit(page.limit)
    .offset(page.offset);
  return ordered.map((row) => row.id);
}

/**
 * The page from the matches at or above the sort key of the library's work at `rank` (or a little
 * deeper), or null when fewer than the page's end of them are (the word is rarer at the top than
 * overall): every match below the key sorts after all of those, so when they fill the page it is exact.
 * The planner intersects the n-gram index with the sort's index range, so only those matches are read
 * from the heap.
 */
async function pageAboveThreshold(
  db: Database,
  where: SQL,
  sort: VideoSort,
  page: Page,
  rank: number,
): Promise<number[] | null> {
  const threshold = await sortKeyNear(db, sort, rank);
  if (threshold === null) return null;
  const key = sort === 'create_time' ? videos.createTime : videos.goodCount;
  const pageEnd = page.offset + page.limit;
  const head = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(where, gte(key, threshold)))
    .orderBy(...videoOrder(sort))
    .limit(pageEnd);
  return head.length < pageEnd ? null : head.slice(page.offset).map((row) => row.id);
}

/** How long a sort key read at a rank serves other searches: a stale one only admits more or fewer matches. */
const SORT_KEY_TTL_MS = 60_000;
/** Ranks are read at steps of this ratio, so searches of different characters share them. */
const RANK_STEP = 1.25;

const sortKeys = new WeakMap<Database, Map<string, { key: number | Date | null; at: number }>>();

/**
 * The sort key of the library's work at the first step at or past `rank` in list order (hidden works
 * counted too: it only sets a threshold), or null past the end. Read from the sort's index alone (an
 * index-only scan of that many entries), and kept for a minute.
 */
async function sortKeyNear(db: Database, sort: VideoSort, rank: number): Promise<number | Date | null> {
  const stepped = Math.ceil(RANK_STEP ** Math.ceil(Math.log(rank) / Math.log(RANK_STEP)));
  let cache = sortKeys.get(db);
  if (!cache) {
    cache = new Map();
    sortKeys.set(db, cache);
  }
  const name = `${sort}:${stepped}`;
  const cached = cache.get(name);
  if (cached && Date.now() - cached.at < SORT_KEY_TTL_MS) return cached.key;
  const key = sort === 'create_time' ? videos.createTime : videos.goodCount;
  const [row] = await db
    .select({ key })
    .from(videos)
    .where(eq(videos.platform, VIDEO_PLATFORM))
    .orderBy(...videoOrder(sort))
    .offset(stepped - 1)
    .limit(1);
  cache.set(name, { key: row?.key ?? null, at: Date.now() });
  return row?.key ?? null;
}

/** The library's size from the planner's row count (reading it is free; counting is not). */
async function libraryRows(db: Database): Promise<number> {
  const [library] = await queryRows<{ rows: number }>(
    db,
    sql`SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'videos'::regclass`,
  );
  return Number(library?.rows ?? 0);
}

/**
 * The first walk-budget listable works in list order whose titles contain the keyword (ids in order),
 * and the matches that share of the walk puts in the library (the library's size from the planner's row
 * count), when the walk found the page (else 0: too few to go by).
 */
async function walkTitles(
  db: Database,
  query: TitleQuery,
  wanted: number,
  tuning: TitleSearchTuning,
): Promise<{ ids: number[]; estimatedMatches: number }> {
  if (wanted > tuning.walkBudget) return { ids: [], estimatedMatches: 0 };
  const [first, library] = await Promise.all([walkHead(db, query, tuning.walkBudget), libraryRows(db)]);
  let ids = first;
  let walked = tuning.walkBudget;
  if (ids.length > 0 && ids.length < wanted) {
    // Too few for the page, but some: at this share a longer walk (with a margin) finds the page while
    // reading fewer works than the n-gram index would hand over.
    const longer = Math.ceil(((wanted * tuning.walkBudget) / ids.length) * 1.5);
    if (longer <= tuning.walkMax && longer < (ids.length / tuning.walkBudget) * library) {
      ids = await walkHead(db, query, longer);
      walked = longer;
    }
  }
  return { ids, estimatedMatches: ids.length >= wanted ? (ids.length / walked) * library : 0 };
}

/** The ids, in list order, of the first `budget` listable works in list order whose titles hold the keyword. */
async function walkHead(db: Database, query: TitleQuery, budget: number) {
  const head = db
    .select({ id: videos.id, videoDesc: videos.videoDesc, goodCount: videos.goodCount, createTime: videos.createTime })
    .from(videos)
    .where(listable())
    .orderBy(...videoOrder(query.sort))
    .limit(budget)
    .as('head');
  const order = query.sort === 'create_time' ? desc(head.createTime) : desc(head.goodCount);
  const found = await db
    .select({ id: head.id })
    .from(head)
    .where(sql`lower(${head.videoDesc}) LIKE ${likeContains(query.keyword)}`)
    .orderBy(order, asc(head.id));
  return found.map((row) => row.id);
}

/** A DSO library keyword's id by its text, or null. */
export async function findKeywordId(db: Database, keyword: string): Promise<number | null> {
  const [row] = await db
    .select({ id: keywords.id })
    .from(keywords)
    .where(and(eq(keywords.platform, VIDEO_PLATFORM), eq(keywords.country, ''), eq(keywords.keyword, keyword)));
  return row?.id ?? null;
}

/** The latest day a keyword has ranked works on, or null. */
export async function latestRankDay(db: Database, keywordId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(videoKeywords.asOf) })
    .from(videoKeywords)
    .where(and(eq(videoKeywords.keywordId, keywordId), isNotNull(videoKeywords.searchRank)));
  return row?.day ?? null;
}

/** The works ranked under a keyword on a day, by their place in its results. */
export async function selectRankedVideos(
  db: Database,
  keywordId: number,
  day: string,
  page: Page,
): Promise<{ rows: Array<VideoRowRecord & { rank: number }>; total: number }> {
  const where = and(
    eq(videoKeywords.keywordId, keywordId),
    eq(videoKeywords.asOf, day),
    isNotNull(videoKeywords.searchRank),
    listable(),
  );
  return countedPage(
    page.limit,
    () =>
      db
        .select({ ...videoRowColumns, rank: sql<number>`${videoKeywords.searchRank}` })
        .from(videoKeywords)
        .innerJoin(videos, eq(videos.id, videoKeywords.videoId))
        .innerJoin(creators, eq(creators.id, videos.creatorId))
        .where(where)
        .orderBy(asc(videoKeywords.searchRank), asc(videos.id))
        .limit(page.limit)
        .offset(page.offset),
    db
      .select({ total: count() })
      .from(videoKeywords)
      .innerJoin(videos, eq(videos.id, videoKeywords.videoId))
      .where(where),
  );
}

/**
 * Small accounts' breakout works (lowPowderPop, docs/videos.md): accounts with at most `maxFollowers`
 * followers whose work has at least `minLikesPerFollower` likes per follower (an account without
 * followers counts as one, so a work with no likes is never a breakout), newest first.
 */
export async function selectLowFollowerHits(
  db: Database,
  query: { field: string | undefined; maxFollowers: number; minLikesPerFollower: number },
  page: Page,
): Promise<{ rows: VideoRowRecord[]; total: number; estimated: boolean }> {
  const conditions = [
    listable(),
    lte(creators.totalFollowerCount, query.maxFollowers),
    gte(videos.goodCount, sql`${query.minLikesPerFollower} * greatest(${creators.totalFollowerCount}, 1)`),
  ];
  if (query.field) conditions.push(eq(creators.field, query.field));
  const where = and(...conditions);
  const [rows, count] = await pageRowsAndTotal(
    page.limit,
    () =>
      db
        .select(videoRowColumns)
        .from(videos)
        .innerJoin(creators, eq(creators.id, videos.creatorId))
        .where(where)
        .orderBy(...videoOrder('create_time'))
        .limit(page.limit)
        .offset(page.offset),
    cappedCount(
      db,
      db.select({ one: sql`1` }).from(videos).innerJoin(creators, eq(creators.id, videos.creatorId)).where(where),
    ),
  );
  return { rows, total: count.total, estimated: count.estimated };
}
