import type { CreatorSort, VideoSort } from '@dso/contract';
import { type IntRange, type SizeClassCode, sizeClassCodes } from '@dso/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import {
  creatorFollowerHistory,
  creatorSizeClassRank,
  creators,
  keywords,
  videoKeywords,
  videos,
} from '../../db/schema';
import { cappedCount } from '../../lib/capped-count';
import { queryGrams } from '../../lib/grams';
import { likeContains } from '../../lib/like-patterns';
import { countedPage, pageRowsAndTotal } from '../../lib/page-rows';
import { type CreatorRecord, VIDEO_PLATFORM, type VideoRowRecord, videoRowColumns } from '../videos';

/** Reads of the creator library, a creator's works and follower history, and benchmark candidates. */

export type { CreatorRecord };

export interface CreatorFilter {
  keyword?: string | undefined;
  field?: string | undefined;
  followers?: IntRange | undefined;
  /** The size class the followers range is of: lets the class sort indexes serve the other sorts. */
  sizeClass?: SizeClassCode | undefined;
  province?: string | undefined;
  isCommerce?: boolean | undefined;
}

/**
 * A nickname containing the text: the keyword search's n-gram method (the GIN index over `grams`
 * finds candidates, the LIKE on the lower-cased nickname confirms them).
 */
export function nicknameContains(text: string): SQL {
  const grams = queryGrams(VIDEO_PLATFORM, text);
  return sql`(${creators.grams} @> ${sql.param(grams)}::int[] AND lower(${creators.nickName}) LIKE ${likeContains(text)})`;
}

function whereOf(filter: CreatorFilter): SQL {
  const conditions: SQL[] = [eq(creators.platform, VIDEO_PLATFORM)];
  if (filter.keyword) conditions.push(nicknameContains(filter.keyword));
  if (filter.field) conditions.push(eq(creators.field, filter.field));
  if (filter.followers) {
    conditions.push(gte(creators.totalFollowerCount, filter.followers.min));
    if (filter.followers.max !== null) conditions.push(lte(creators.totalFollowerCount, filter.followers.max));
  }
  if (filter.sizeClass) {
    conditions.push(eq(creatorSizeClassRank(creators.totalFollowerCount), sizeClassCodes.indexOf(filter.sizeClass)));
  }
  if (filter.province) conditions.push(eq(creators.province, filter.province));
  if (filter.isCommerce !== undefined) conditions.push(eq(creators.isCommerce, filter.isCommerce));
  return and(...conditions)!;
}

const sortColumns = {
  total_follower_count: creators.totalFollowerCount,
  total_favorited: creators.totalFavorited,
  follower_growth_30d: creators.followerGrowth30d,
} as const;

/**
 * A page of the library, largest first by the sort (ties by id, the order of the sort indexes), and
 * the total: exact up to the video lists' count cap, the cap beyond it (counting a capped subquery
 * keeps a broad filter from counting half the library).
 */
export async function selectCreators(
  db: Database,
  filter: CreatorFilter,
  sort: CreatorSort,
  offset: number,
  limit: number,
): Promise<{ rows: CreatorRecord[]; total: number; estimated: boolean }> {
  const where = whereOf(filter);
  const [rows, counted] = await pageRowsAndTotal(
    limit,
    () =>
      db
        .select()
        .from(creators)
        .where(where)
        .orderBy(desc(sortColumns[sort]), asc(creators.id))
        .limit(limit)
        .offset(offset),
    cappedCount(db, db.select({ id: creators.id }).from(creators).where(where)),
  );
  return { rows, ...counted };
}

/** A creator's works as video list rows, newest or most liked first, and how many there are. */
export async function selectCreatorVideos(
  db: Database,
  creatorId: number,
  sort: VideoSort,
  offset: number,
  limit: number,
): Promise<{ rows: VideoRowRecord[]; total: number }> {
  const order = sort === 'create_time' ? desc(videos.createTime) : desc(videos.goodCount);
  return countedPage(
    limit,
    () =>
      db
        .select(videoRowColumns)
        .from(videos)
        .innerJoin(creators, eq(creators.id, videos.creatorId))
        .where(eq(videos.creatorId, creatorId))
        .orderBy(order, asc(videos.id))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(videos).where(eq(videos.creatorId, creatorId)),
  );
}

/** Followers per day from `fromDay` to `toDay` inclusive, oldest first. */
export async function selectFollowerHistory(db: Database, creatorId: number, fromDay: string, toDay: string) {
  return db
    .select({ day: creatorFollowerHistory.day, followerCount: creatorFollowerHistory.followerCount })
    .from(creatorFollowerHistory)
    .where(
      and(
        eq(creatorFollowerHistory.creatorId, creatorId),
        gte(creatorFollowerHistory.day, fromDay),
        lte(creatorFollowerHistory.day, toDay),
      ),
    )
    .orderBy(asc(creatorFollowerHistory.day));
}

/** The fields (领域) or provinces of the library with their creator counts, most creators first. */
export async function countCreatorsBy(db: Database, column: 'field' | 'province') {
  const target = column === 'field' ? creators.field : creators.province;
  const rows = await db
    .select({ name: target, count: sql<number>`count(*)::int` })
    .from(creators)
    .where(and(eq(creators.platform, VIDEO_PLATFORM), sql`coalesce(${target}, '') <> ''`))
    .groupBy(target)
    .orderBy(desc(sql`count(*)`), asc(target));
  return rows.map((row) => ({ name: row.name ?? '', count: Number(row.count) }));
}

// ——— benchmark candidates ———

/** Candidates each way of matching contributes at most: keeps the ranking in memory small and bounded. */
const CANDIDATES_PER_SOURCE = 200;

/**
 * Creators of a field nearest in followers to a count: the closest below and the closest above (each
 * an index range scan of `creators_field_followers_idx`), the subject itself excluded.
 */
export async function selectSameFieldNeighbours(
  db: Database,
  field: string,
  followers: number,
  excludeId: number | null,
): Promise<CreatorRecord[]> {
  const base = [eq(creators.platform, VIDEO_PLATFORM), eq(creators.field, field)];
  if (excludeId !== null) base.push(ne(creators.id, excludeId));
  const [below, above] = await Promise.all([
    db
      .select()
      .from(creators)
      .where(and(...base, lte(creators.totalFollowerCount, followers)))
      .orderBy(desc(creators.totalFollowerCount), asc(creators.id))
      .limit(CANDIDATES_PER_SOURCE),
    db
      .select()
      .from(creators)
      .where(and(...base, sql`${creators.totalFollowerCount} > ${followers}`))
      .orderBy(asc(creators.totalFollowerCount), asc(creators.id))
      .limit(CANDIDATES_PER_SOURCE),
  ]);
  return [...below, ...above];
}

/** The largest creators of a field (a keyword's industry), the subject aside. */
export async function selectFieldLeaders(db: Database, field: string): Promise<CreatorRecord[]> {
  return db
    .select()
    .from(creators)
    .where(and(eq(creators.platform, VIDEO_PLATFORM), eq(creators.field, field)))
    .orderBy(desc(creators.totalFollowerCount), asc(creators.id))
    .limit(CANDIDATES_PER_SOURCE);
}

/** The library keywords a creator's works cover (id and text). */
export async function selectCreatorKeywords(db: Database, creatorId: number) {
  return db
    .selectDistinct({ id: keywords.id, keyword: keywords.keyword })
    .from(videoKeywords)
    .innerJoin(videos, eq(videos.id, videoKeywords.videoId))
    .innerJoin(keywords, eq(keywords.id, videoKeywords.keywordId))
    .where(eq(videos.creatorId, creatorId))
    .limit(CANDIDATES_PER_SOURCE);
}

/**
 * Other creators whose works cover any of these keywords: per creator the keywords shared, how many
 * of its works cover them, and the best search rank among them; most keywords shared first.
 */
export async function selectCreatorsCoveringKeywords(
  db: Database,
  keywordIds: number[],
  excludeId: number | null,
): Promise<Array<{ creator: CreatorRecord; keywordIds: number[]; works: number; bestRank: number | null }>> {
  if (keywordIds.length === 0) return [];
  const conditions: SQL[] = [inArray(videoKeywords.keywordId, keywordIds), eq(videos.platform, VIDEO_PLATFORM)];
  if (excludeId !== null) conditions.push(ne(videos.creatorId, excludeId));
  const covering = await db
    .select({
      creatorId: videos.creatorId,
      keywordIds: sql<number[]>`array_agg(DISTINCT ${videoKeywords.keywordId})`,
      works: sql<number>`count(DISTINCT ${videos.id})::int`,
      bestRank: sql<number | null>`min(${videoKeywords.searchRank})`,
    })
    .from(videoKeywords)
    .innerJoin(videos, eq(videos.id, videoKeywords.videoId))
    .where(and(...conditions))
    .groupBy(videos.creatorId)
    .orderBy(desc(sql`count(DISTINCT ${videoKeywords.keywordId})`), desc(sql`count(DISTINCT ${videos.id})`))
    .limit(CANDIDATES_PER_SOURCE);
  if (covering.length === 0) return [];
  const rows = await db
    .select()
    .from(creators)
    .where(
      inArray(
        creators.id,
        covering.map((row) => row.creatorId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return covering.flatMap((row) => {
    const creator = byId.get(row.creatorId);
    return creator
      ? [
          {
            creator,
            keywordIds: row.keywordIds.map(Number),
            works: Number(row.works),
            bestRank: row.bestRank === null ? null : Number(row.bestRank),
          },
        ]
      : [];
  });
}

/** The hashtags of a creator's works (the latest works, bounded). */
export async function selectCreatorTags(db: Database, creatorId: number): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`SELECT DISTINCT tag FROM (
          SELECT unnest(${videos.videoTag}) AS tag FROM ${videos}
          WHERE ${videos.creatorId} = ${creatorId}
          ORDER BY ${videos.createTime} DESC LIMIT 100
        ) AS latest`,
  );
  return rows.map((row) => row.tag);
}

/** Of these creators, the hashtags of their works that are among `tags`, per creator. */
export async function selectSharedTags(db: Database, creatorIds: number[], tags: string[]) {
  if (creatorIds.length === 0 || tags.length === 0) return new Map<number, string[]>();
  const rows = await queryRows<{ creator_id: number; tags: string[] }>(
    db,
    sql`SELECT ${videos.creatorId} AS creator_id, array_agg(DISTINCT tag) AS tags
        FROM ${videos}, unnest(${videos.videoTag}) AS tag
        WHERE ${videos.creatorId} IN (${sql.join(
          creatorIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND tag IN (${sql.join(
          tags.map((tag) => sql`${tag}`),
          sql`, `,
        )})
        GROUP BY ${videos.creatorId}`,
  );
  return new Map(rows.map((row) => [Number(row.creator_id), row.tags]));
}

/** A DSO library keyword by its text (id and industry), or null. */
export async function findLibraryKeyword(db: Database, text: string) {
  const [row] = await db
    .select({ id: keywords.id, keyword: keywords.keyword, industry: keywords.industry })
    .from(keywords)
    .where(and(eq(keywords.platform, VIDEO_PLATFORM), eq(keywords.country, ''), eq(keywords.keyword, text)));
  return row ?? null;
}

/** Creators whose nickname contains the text, largest first. */
export async function selectCreatorsNamed(db: Database, text: string): Promise<CreatorRecord[]> {
  return db
    .select()
    .from(creators)
    .where(and(eq(creators.platform, VIDEO_PLATFORM), nicknameContains(text)))
    .orderBy(desc(creators.totalFollowerCount), asc(creators.id))
    .limit(CANDIDATES_PER_SOURCE);
}
