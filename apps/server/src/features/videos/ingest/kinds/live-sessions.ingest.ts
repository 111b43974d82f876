import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import type { GoodsItem } from '../../../../db/schema/videos';
import { VIDEO_PLATFORM } from '../../video-platform';
import { countInserted, json, lastOfEach, writtenIds } from '../ingest-batch';

/* Live sessions under their creators, and their minutes. */

export interface LiveSessionIngest {
  roomId: string;
  authorUserId: string;
  title: string;
  cover: string;
  startTime: Date;
  endTime: Date | null;
  watchCount: number;
  peakOnline: number;
  salesAmountFen: number;
  /** Null keeps the stored goods (none for a new session). */
  goods: GoodsItem[] | null;
  /** Minutes from the start; stored minutes not in the list stay. */
  minutes: Array<{ minute: number; online: number; entering: number; salesFen: number }>;
  isDemo: boolean;
}

/**
 * Upserts live sessions by (platform, room id) under their creators, and their minutes by (session,
 * minute). Returns each stored session's id by room id, how many were new, and the room ids skipped
 * because their creator is not in the library.
 */
export async function upsertLiveSessions(db: Database, input: readonly LiveSessionIngest[]) {
  const rows = lastOfEach(input, (row) => row.roomId);
  if (rows.length === 0) return { ids: new Map<string, number>(), inserted: 0, missingAuthor: [] as string[] };
  const payload = rows.map((row) => ({
    room_id: row.roomId,
    author: row.authorUserId,
    title: row.title,
    cover: row.cover,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    watch_count: row.watchCount,
    peak_online: row.peakOnline,
    sales: row.salesAmountFen,
    goods: row.goods,
    is_demo: row.isDemo,
  }));
  const returned = await queryRows<{ id: number; room_id: string; inserted: boolean }>(
    db,
    sql`
    INSERT INTO live_sessions (platform, room_id, creator_id, title, cover, start_time, end_time, watch_count,
      peak_online, sales_amount_fen, goods, is_demo)
    SELECT ${VIDEO_PLATFORM}, r.room_id, a.id, r.title, r.cover, r.start_time, r.end_time, r.watch_count, r.peak_online,
      r.sales, COALESCE(r.goods, s.goods, '[]'::jsonb), r.is_demo
    FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(room_id text, author text, title text, cover text,
      start_time timestamptz, end_time timestamptz, watch_count bigint, peak_online int, sales bigint, goods jsonb,
      is_demo boolean)
    JOIN creators a ON a.platform = ${VIDEO_PLATFORM} AND a.user_id = r.author
    LEFT JOIN live_sessions s ON s.platform = ${VIDEO_PLATFORM} AND s.room_id = r.room_id
    ON CONFLICT (platform, room_id) DO UPDATE SET creator_id = excluded.creator_id, title = excluded.title,
      cover = excluded.cover, start_time = excluded.start_time, end_time = excluded.end_time,
      watch_count = excluded.watch_count, peak_online = excluded.peak_online,
      sales_amount_fen = excluded.sales_amount_fen, goods = excluded.goods, is_demo = excluded.is_demo,
      updated_at = now()
    RETURNING id, room_id, (xmax = 0) AS inserted
  `,
  );
  const { ids, inserted } = writtenIds(returned, (row) => row.room_id);
  const minutes = rows.flatMap((row) =>
    ids.has(row.roomId) ? row.minutes.map((minute) => ({ sessionId: ids.get(row.roomId)!, ...minute })) : [],
  );
  for (let start = 0; start < minutes.length; start += 5_000) {
    await upsertLiveMinutes(db, minutes.slice(start, start + 5_000));
  }
  return {
    ids,
    inserted,
    missingAuthor: rows.filter((row) => !ids.has(row.roomId)).map((row) => row.roomId),
  };
}

/** A live session's minute by the session's id. */
export interface LiveMinuteIngest {
  sessionId: number;
  minute: number;
  online: number;
  entering: number;
  salesFen: number;
}

/** Upserts minutes of live sessions by (session, minute). Returns how many were new. */
export async function upsertLiveMinutes(db: Database, input: readonly LiveMinuteIngest[]): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.sessionId}/${row.minute}`);
  if (rows.length === 0) return 0;
  return countInserted(
    db,
    sql`
    INSERT INTO live_minutes (session_id, minute, online, entering, sales_fen)
    SELECT * FROM unnest(${sql.param(rows.map((row) => row.sessionId))}::bigint[],
      ${sql.param(rows.map((row) => row.minute))}::int[], ${sql.param(rows.map((row) => row.online))}::int[],
      ${sql.param(rows.map((row) => row.entering))}::int[], ${sql.param(rows.map((row) => row.salesFen))}::bigint[])
    ON CONFLICT (session_id, minute) DO UPDATE SET online = excluded.online, entering = excluded.entering,
      sales_fen = excluded.sales_fen
    RETURNING (xmax = 0) AS inserted
  `,
  );
}

/** Stored live sessions' ids by room id. */
export async function findLiveSessionIdsByRoomId(db: Database, roomIds: readonly string[]) {
  const wanted = [...new Set(roomIds)];
  if (wanted.length === 0) return new Map<string, number>();
  const rows = await queryRows<{ id: number; room_id: string }>(
    db,
    sql`SELECT id, room_id FROM live_sessions
        WHERE platform = ${VIDEO_PLATFORM} AND room_id = ANY(${sql.param(wanted)}::text[])`,
  );
  return new Map(rows.map((row) => [row.room_id, Number(row.id)] as const));
}
