import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creators, liveMinutes, liveSessions } from '../../db/schema';
import { VIDEO_PLATFORM } from '../videos';

/** Reads of the live pages: a session with its creator and minutes, and the wall's sessions. */

export type LiveSessionRecord = typeof liveSessions.$inferSelect;
export type LiveMinuteRecord = Pick<typeof liveMinutes.$inferSelect, 'minute' | 'online' | 'entering' | 'salesFen'>;

export interface LiveCreator {
  userId: string;
  nickName: string;
  avatar: string;
  totalFollowerCount: number;
}

const creatorColumns = {
  userId: creators.userId,
  nickName: creators.nickName,
  avatar: creators.avatar,
  totalFollowerCount: creators.totalFollowerCount,
};

/** A session by its room id, with its creator. */
export async function findSession(
  db: Database,
  roomId: string,
): Promise<{ session: LiveSessionRecord; creator: LiveCreator } | null> {
  const [row] = await db
    .select({ session: liveSessions, creator: creatorColumns })
    .from(liveSessions)
    .innerJoin(creators, eq(creators.id, liveSessions.creatorId))
    .where(and(eq(liveSessions.platform, VIDEO_PLATFORM), eq(liveSessions.roomId, roomId)));
  return row ?? null;
}

/** Every recorded minute of a session, from its start. */
export async function selectMinutes(db: Database, sessionId: number): Promise<LiveMinuteRecord[]> {
  return db
    .select({
      minute: liveMinutes.minute,
      online: liveMinutes.online,
      entering: liveMinutes.entering,
      salesFen: liveMinutes.salesFen,
    })
    .from(liveMinutes)
    .where(eq(liveMinutes.sessionId, sessionId))
    .orderBy(asc(liveMinutes.minute));
}

export interface WallSession {
  session: LiveSessionRecord;
  creator: LiveCreator;
  /** Online in the latest recorded minute; null without minutes. */
  latestOnline: number | null;
}

/** The latest recorded minute's online of a session, for ordering and the wall's head figure. */
const latestOnline = sql<number | null>`(
  select ${liveMinutes.online} from ${liveMinutes}
  where ${liveMinutes.sessionId} = ${liveSessions.id}
  order by ${liveMinutes.minute} desc limit 1
)`;

/**
 * The wall's sessions: those live now (no end time), most viewers online first, then the ended ones
 * that started last, up to `limit` together.
 */
export async function selectWallSessions(db: Database, limit: number): Promise<WallSession[]> {
  const select = () =>
    db
      .select({ session: liveSessions, creator: creatorColumns, latestOnline })
      .from(liveSessions)
      .innerJoin(creators, eq(creators.id, liveSessions.creatorId));
  const live = await select()
    .where(and(eq(liveSessions.platform, VIDEO_PLATFORM), isNull(liveSessions.endTime)))
    .orderBy(sql`${latestOnline} desc nulls last`, desc(liveSessions.startTime), asc(liveSessions.id))
    .limit(limit);
  if (live.length >= limit) return live;
  const ended = await select()
    .where(and(eq(liveSessions.platform, VIDEO_PLATFORM), isNotNull(liveSessions.endTime)))
    .orderBy(desc(liveSessions.startTime), asc(liveSessions.id))
    .limit(limit - live.length);
  return [...live, ...ended];
}

/** How many sessions are live now. */
export async function countLiveSessions(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(liveSessions)
    .where(and(eq(liveSessions.platform, VIDEO_PLATFORM), isNull(liveSessions.endTime)));
  return row?.total ?? 0;
}

/** The last `minutes` recorded minutes' online of each session, oldest first, by session id. */
export async function selectRecentOnline(
  db: Database,
  sessionIds: number[],
  minutes: number,
): Promise<Map<number, Array<{ minute: number; online: number }>>> {
  const bySession = new Map<number, Array<{ minute: number; online: number }>>();
  if (sessionIds.length === 0) return bySession;
  const ranked = db
    .select({
      sessionId: liveMinutes.sessionId,
      minute: liveMinutes.minute,
      online: liveMinutes.online,
      rank: sql<number>`row_number() over (partition by ${liveMinutes.sessionId} order by ${liveMinutes.minute} desc)`.as(
        'rank',
      ),
    })
    .from(liveMinutes)
    .where(inArray(liveMinutes.sessionId, sessionIds))
    .as('ranked');
  const rows = await db
    .select({ sessionId: ranked.sessionId, minute: ranked.minute, online: ranked.online })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${minutes}`)
    .orderBy(asc(ranked.sessionId), asc(ranked.minute));
  for (const row of rows) {
    const list = bySession.get(row.sessionId) ?? [];
    list.push({ minute: row.minute, online: row.online });
    bySession.set(row.sessionId, list);
  }
  return bySession;
}
