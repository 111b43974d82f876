import { and, asc, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import {
  audiencePortraits,
  creators,
  favourites,
  keywords,
  videoComments,
  videoHotWords,
  videoKeywords,
  videoRefreshes,
  videos,
  videoTrends,
} from '../../../db/schema';
import { selectPage } from '../../../lib/select-page';
import { libraryCreator, libraryVideo } from '../video-platform';

/** Reads of the video detail panel: a video with its creator, its tabs' rows. */

export type VideoRecord = typeof videos.$inferSelect;
export type CreatorRecord = typeof creators.$inferSelect;

export async function findVideo(db: Database, awemeId: string): Promise<VideoRecord | null> {
  const [row] = await db.select().from(videos).where(libraryVideo(awemeId));
  return row ?? null;
}

export async function findVideoWithCreator(
  db: Database,
  awemeId: string,
): Promise<{ video: VideoRecord; creator: CreatorRecord } | null> {
  const [row] = await db
    .select({ video: videos, creator: creators })
    .from(videos)
    .innerJoin(creators, eq(creators.id, videos.creatorId))
    .where(libraryVideo(awemeId));
  return row ?? null;
}

export async function findCreator(db: Database, userId: string): Promise<CreatorRecord | null> {
  const [row] = await db.select().from(creators).where(libraryCreator(userId));
  return row ?? null;
}

/** When the video's last accepted refresh was asked for, or null. */
export async function findRefreshRequestedAt(db: Database, videoId: number): Promise<Date | null> {
  const [row] = await db
    .select({ requestedAt: videoRefreshes.requestedAt })
    .from(videoRefreshes)
    .where(eq(videoRefreshes.videoId, videoId));
  return row?.requestedAt ?? null;
}

export async function isFavourite(
  db: Database,
  userId: number,
  kind: 'keyword' | 'video' | 'creator',
  subjectKey: string,
  platform = 'DSO',
): Promise<boolean> {
  const [row] = await db
    .select({ key: favourites.subjectKey })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.kind, kind),
        eq(favourites.platform, platform),
        eq(favourites.subjectKey, subjectKey),
      ),
    );
  return row !== undefined;
}

/** An hourly series; null = an hour not observed. */
type Slots = Array<number | null>;
/** Read as JSON: drizzle's bigint array mapping turns an unobserved hour's null into 0. */
const slots = (column: AnyPgColumn) => sql<Slots>`array_to_json(${column})`;

export async function findTrend(db: Database, videoId: number) {
  const [row] = await db
    .select({
      startTime: videoTrends.startTime,
      goodValues: slots(videoTrends.goodValues),
      commentValues: slots(videoTrends.commentValues),
      shareValues: slots(videoTrends.shareValues),
      collectValues: slots(videoTrends.collectValues),
    })
    .from(videoTrends)
    .where(eq(videoTrends.videoId, videoId));
  return row ?? null;
}

export async function findHotWords(db: Database, videoId: number) {
  const [row] = await db.select().from(videoHotWords).where(eq(videoHotWords.videoId, videoId));
  return row?.words ?? [];
}

/** A page of comments, most liked first, ties newest first; and the total stored. */
export async function selectComments(db: Database, videoId: number, offset: number, limit: number) {
  return selectPage(db, videoComments, {
    where: eq(videoComments.videoId, videoId),
    orderBy: [desc(videoComments.diggCount), desc(videoComments.createTime), asc(videoComments.id)],
    offset,
    limit,
  });
}

export async function findPortrait(db: Database, subjectType: 'video' | 'creator', subjectId: number) {
  const [row] = await db
    .select()
    .from(audiencePortraits)
    .where(and(eq(audiencePortraits.subjectType, subjectType), eq(audiencePortraits.subjectId, subjectId)));
  return row ?? null;
}

export interface VideoKeywordFilter {
  competitionStart?: number | undefined;
  competitionEnd?: number | undefined;
  coverStart?: number | undefined;
  coverEnd?: number | undefined;
  keyword?: string | undefined;
}

export type VideoKeywordColumn = 'month_cover_count' | 'competition' | 'keyword';

const keywordColumns = {
  month_cover_count: keywords.monthCoverCount,
  competition: keywords.competition,
  keyword: keywords.keyword,
} as const;

/** Escapes LIKE's wildcards so a typed '%' or '_' matches itself. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The library keywords a video covers, their figures read from `keywords`, filtered, sorted and paged. */
export async function selectVideoKeywords(
  db: Database,
  videoId: number,
  filter: VideoKeywordFilter,
  orders: Array<{ column: VideoKeywordColumn; asc: boolean }>,
  offset: number,
  limit: number,
) {
  const conditions: SQL[] = [eq(videoKeywords.videoId, videoId)];
  if (filter.competitionStart !== undefined) conditions.push(gte(keywords.competition, filter.competitionStart));
  if (filter.competitionEnd !== undefined) conditions.push(lte(keywords.competition, filter.competitionEnd));
  if (filter.coverStart !== undefined) conditions.push(gte(keywords.monthCoverCount, filter.coverStart));
  if (filter.coverEnd !== undefined) conditions.push(lte(keywords.monthCoverCount, filter.coverEnd));
  if (filter.keyword) conditions.push(ilike(keywords.keyword, `%${likeLiteral(filter.keyword)}%`));
  const where = and(...conditions);
  const orderBy = [
    ...orders.map((order) => (order.asc ? asc(keywordColumns[order.column]) : desc(keywordColumns[order.column]))),
    asc(keywords.id),
  ];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        keyword: keywords.keyword,
        monthCoverCount: keywords.monthCoverCount,
        competition: keywords.competition,
        searchRank: videoKeywords.searchRank,
      })
      .from(videoKeywords)
      .innerJoin(keywords, eq(keywords.id, videoKeywords.keywordId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)` })
      .from(videoKeywords)
      .innerJoin(keywords, eq(keywords.id, videoKeywords.keywordId))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
