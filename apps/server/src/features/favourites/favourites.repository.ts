import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { creators, favourites, videos } from '../../db/schema';
import { type KeywordRecord, keywordRecordColumns, normalizeKeywordRecord } from '../keywords';
import { libraryCreator, libraryVideo, VIDEO_PLATFORM, videoRowColumns } from '../videos';

/** A collected subject: its kind, the platform (a keyword's library scope) and its stable key. */
export interface FavouriteSubject {
  kind: 'keyword' | 'video' | 'creator';
  platform: string;
  key: string;
}

const subjectOf = (userId: number, subject: Pick<FavouriteSubject, 'kind' | 'platform'>) =>
  and(eq(favourites.userId, userId), eq(favourites.kind, subject.kind), eq(favourites.platform, subject.platform));

/** Collects a subject; collecting it again changes nothing. True when a row was added. */
export async function insertFavourite(db: Database, userId: number, subject: FavouriteSubject): Promise<boolean> {
  const rows = await db
    .insert(favourites)
    .values({ userId, kind: subject.kind, platform: subject.platform, subjectKey: subject.key })
    .onConflictDoNothing()
    .returning({ key: favourites.subjectKey });
  return rows.length > 0;
}

export async function deleteFavourite(db: Database, userId: number, subject: FavouriteSubject): Promise<void> {
  await db.delete(favourites).where(and(subjectOf(userId, subject), eq(favourites.subjectKey, subject.key)));
}

export async function hasFavourite(db: Database, userId: number, subject: FavouriteSubject): Promise<boolean> {
  const [row] = await db
    .select({ key: favourites.subjectKey })
    .from(favourites)
    .where(and(subjectOf(userId, subject), eq(favourites.subjectKey, subject.key)));
  return row !== undefined;
}

export async function countFavourites(
  db: Database,
  userId: number,
  subject: Pick<FavouriteSubject, 'kind' | 'platform'>,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(favourites).where(subjectOf(userId, subject));
  return Number(row?.total ?? 0);
}

/** A page of one kind's favourites, newest first. */
export async function selectFavourites(
  db: Database,
  userId: number,
  subject: Pick<FavouriteSubject, 'kind' | 'platform'>,
  offset: number,
  limit: number,
) {
  return db
    .select({ key: favourites.subjectKey, createdAt: favourites.createdAt })
    .from(favourites)
    .where(subjectOf(userId, subject))
    .orderBy(desc(favourites.createdAt), favourites.subjectKey)
    .limit(limit)
    .offset(offset);
}

export async function videoExists(db: Database, awemeId: string): Promise<boolean> {
  const [row] = await db.select({ id: videos.id }).from(videos).where(libraryVideo(awemeId));
  return row !== undefined;
}

export async function creatorExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: creators.id }).from(creators).where(libraryCreator(userId));
  return row !== undefined;
}

/** Keywords of a library (country-less scopes: DSO, RSO) by their text. */
export async function selectKeywordsByText(db: Database, platform: string, words: string[]): Promise<KeywordRecord[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<KeywordRecord>(
    db,
    sql`SELECT ${keywordRecordColumns()} FROM keywords
        WHERE platform = ${platform} AND country = '' AND keyword = ANY(${sql.param(words)}::text[])`,
  );
  return rows.map(normalizeKeywordRecord);
}

export async function selectVideosByAwemeId(db: Database, awemeIds: string[]) {
  if (awemeIds.length === 0) return [];
  return db
    .select(videoRowColumns)
    .from(videos)
    .innerJoin(creators, eq(creators.id, videos.creatorId))
    .where(and(eq(videos.platform, VIDEO_PLATFORM), inArray(videos.awemeId, awemeIds)));
}

export async function selectCreatorsByUserId(db: Database, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(creators)
    .where(and(eq(creators.platform, VIDEO_PLATFORM), inArray(creators.userId, userIds)));
}
