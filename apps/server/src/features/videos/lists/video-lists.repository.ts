import type { VideoSort } from '@dso/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, max, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { creators, keywords, videoKeywords, videos } from '../../../db/schema';
import { queryGrams } from '../../../lib/grams';
import { likeContains } from '../../keywords/search/keyword-search.repository';
import { COUNT_CAP, cappedCount, type VideoRowRecord, videoRowColumns } from './video-rows';

/** The library the lists read: Douyin (the DSO scope of the keyword search's grams). */
const PLATFORM = 'DSO';

export interface Page {
  offset: number;
  limit: number;
}

/** A list's order: largest first, then our id so pages never overlap (the indexes' `DESC, id`). */
export function videoOrder(sort: VideoSort): SQL[] {
  return [sort === 'create_time' ? desc(videos.createTime) : desc(videos.goodCount), asc(videos.id)];
}

/** Lists show works that can be watched: a deleted or hidden work stays reachable by its id only. */
const listable = () => and(eq(videos.platform, PLATFORM), eq(videos.status, 'normal'));

/**
 * The title search: the n-gram method of the keyword search (docs/videos.md). The GIN index over
 * `videos.grams` finds the works holding every gram of the query (its bigrams; the character itself
 * for one character), and a LIKE on the lower-cased title confirms the substring.
 */
function titleMatches(keyword: string): SQL {
  return and(
    listable(),
    sql`${videos.grams} @> ${sql.param(queryGrams(PLATFORM, keyword))}::int[]`,
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
 * The title search's page and total. The page comes from a walk of the sort's index when the word is
 * common enough to fill it within {@link TITLE_WALK_BUDGET} works, else from the n-gram index; both
 * are exact. The creators are joined to the page's ids only (joining before the sort would look up
 * the creator of every candidate). The total is counted up to the cap, except when the walk shows
 * the word in so many works that the count would pass the cap several times over: then it is the
 * cap, marked estimated, without counting. A word the walk does not serve reads its matches up to the
 * cap once, for the total and (when that is all of them) the page.
 */
export async function searchVideos(
  db: Database,
  query: { keyword: string; sort: VideoSort },
  page: Page,
): Promise<{ rows: VideoRowRecord[]; total: number; estimated: boolean }> {
  const where = titleMatches(query.keyword);
  const pageEnd = page.offset + page.limit;
  const walk = await walkTitles(db, query, pageEnd);
  let pageIds: number[];
  let count: { total: number; estimated: boolean };
  if (walk.ids.length >= pageEnd) {
    pageIds = walk.ids.slice(page.offset, pageEnd);
    count = walk.manyBeyondCap
      ? { total: COUNT_CAP, estimated: true }
      : await cappedCount(db, db.select({ one: sql`1` }).from(videos).where(where));
  } else {
    // Up to the cap plus one matches with their sort keys, read once for both the total and, when
    // they are all the matches, the page; past the cap the page needs every match in order.
    const matches = db
      .select({ id: videos.id, goodCount: videos.goodCount, createTime: videos.createTime })
      .from(videos)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('matches');
    const order = query.sort === 'create_time' ? desc(matches.createTime) : desc(matches.goodCount);
    const head = await db
      .select({ id: matches.id, total: sql<number>`count(*) OVER ()` })
      .from(matches)
      .orderBy(order, asc(matches.id))
      .limit(Math.max(pageEnd, 1));
    const total = Number(head[0]?.total ?? 0);
    count = { total: Math.min(total, COUNT_CAP), estimated: total > COUNT_CAP };
    pageIds =
      page.limit === 0
        ? []
        : !count.estimated
          ? head.slice(page.offset, pageEnd).map((row) => row.id)
          : (
              await db
                .select({ id: videos.id })
                .from(videos)
                .where(where)
                .orderBy(...videoOrder(query.sort))
                .limit(page.limit)
                .offset(page.offset)
            ).map((row) => row.id);
  }
  const rows =
    pageIds.length === 0
      ? []
      : await db
          .select(videoRowColumns)
          .from(videos)
          .innerJoin(creators, eq(creators.id, videos.creatorId))
          .where(inArray(videos.id, pageIds))
          .orderBy(...videoOrder(query.sort));
  return { rows, total: count.total, estimated: count.estimated };
}

/**
 * The first {@link TITLE_WALK_BUDGET} listable works in list order whose titles contain the keyword
 * (ids in order), and whether that share of the library puts the matches at three times the count
 * cap or more (the library's size from the planner's row count).
 */
async function walkTitles(
  db: Database,
  query: { keyword: string; sort: VideoSort },
  wanted: number,
): Promise<{ ids: number[]; manyBeyondCap: boolean }> {
  if (wanted > TITLE_WALK_BUDGET) return { ids: [], manyBeyondCap: false };
  const [first, [library]] = await Promise.all([
    walkHead(db, query, TITLE_WALK_BUDGET),
    queryRows<{ rows: number }>(
      db,
      sql`SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'videos'::regclass`,
    ),
  ]);
  const libraryRows = Number(library?.rows ?? 0);
  let ids = first;
  let walked = TITLE_WALK_BUDGET;
  if (ids.length > 0 && ids.length < wanted) {
    // Too few for the page, but some: at this share a longer walk (with a margin) finds the page while
    // reading fewer works than the n-gram index would hand over.
    const longer = Math.ceil(((wanted * TITLE_WALK_BUDGET) / ids.length) * 1.5);
    if (longer <= TITLE_WALK_MAX && longer < (ids.length / TITLE_WALK_BUDGET) * libraryRows) {
      ids = await walkHead(db, query, longer);
      walked = longer;
    }
  }
  const share = ids.length / walked;
  return { ids, manyBeyondCap: ids.length >= wanted && share * libraryRows >= 3 * COUNT_CAP };
}

/** The ids, in list order, of the first `budget` listable works in list order whose titles hold the keyword. */
async function walkHead(db: Database, query: { keyword: string; sort: VideoSort }, budget: number) {
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
    .where(and(eq(keywords.platform, PLATFORM), eq(keywords.country, ''), eq(keywords.keyword, keyword)));
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
  const [rows, [count]] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
          .select({ ...videoRowColumns, rank: sql<number>`${videoKeywords.searchRank}` })
          .from(videoKeywords)
          .innerJoin(videos, eq(videos.id, videoKeywords.videoId))
          .innerJoin(creators, eq(creators.id, videos.creatorId))
          .where(where)
          .orderBy(asc(videoKeywords.searchRank), asc(videos.id))
          .limit(page.limit)
          .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(videoKeywords)
      .innerJoin(videos, eq(videos.id, videoKeywords.videoId))
      .where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
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
  const [rows, count] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
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
  ]);
  return { rows, total: count.total, estimated: count.estimated };
}
