import { type LiveDetail, type LiveList, type LiveRow, videoLimits, videoMessages } from '@dso/contract';
import type { Database } from '../../db/client';
import { orNotFound } from '../../lib/app-error';
import { presentFigure, presentTrendValue, resolveViewer, type Viewer } from '../keywords';
import {
  countLiveSessions,
  findSession,
  type LiveCreator,
  type LiveSessionRecord,
  selectMinutes,
  selectRecentOnline,
  selectWallSessions,
} from './live.repository';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

const presentCreator = (creator: LiveCreator) => ({
  user_id: creator.userId,
  nick_name: creator.nickName,
  avatar_larger: creator.avatar,
});

/**
 * A live session for /livegoods/detail/{id} and /live_studio?lid=: its head, goods and minutes. Open
 * to visitors; the sales figures are exact only for a viewer with show_original_data. An unknown
 * room: 404 直播不存在.
 */
export async function liveDetail(db: Database, userId: number | null, roomId: string): Promise<LiveDetail> {
  const found = orNotFound(await findSession(db, roomId), videoMessages.liveNotFound);
  const { session, creator } = found;
  const [viewer, minutes] = await Promise.all([resolveViewer(db, userId), selectMinutes(db, session.id)]);
  return {
    ...presentHead(session, viewer),
    goods: session.goods.map((item) => ({
      title: item.title,
      price: item.price_fen,
      // Units times the exact price give the amount away, so units are cut like the curve.
      sales: presentTrendValue(item.sales, viewer),
      cover: item.cover ?? null,
    })),
    minutes: minutes.map((row) => ({
      minute: row.minute,
      online: row.online,
      entering: row.entering,
      sales: presentTrendValue(row.salesFen, viewer),
    })),
    creator: { ...presentCreator(creator), total_follower_count: creator.totalFollowerCount },
    banded: !viewer.showOriginal,
    is_demo: session.isDemo,
  };
}

/** The fields a session's detail and its wall tile share. */
function presentHead(session: LiveSessionRecord, viewer: Viewer) {
  return {
    room_id: session.roomId,
    title: session.title,
    cover: session.cover,
    start_time: seconds(session.startTime),
    end_time: session.endTime ? seconds(session.endTime) : null,
    watch_count: session.watchCount,
    peak_online: session.peakOnline,
    sales_amount: presentFigure(session.salesAmountFen, viewer),
  };
}

/** /live_screen's wall: the sessions live now, then the latest ended ones, up to `limit`. Open. */
export async function liveList(db: Database, userId: number | null, limit: number): Promise<LiveList> {
  const [viewer, wall, liveCount] = await Promise.all([
    resolveViewer(db, userId),
    selectWallSessions(db, limit),
    countLiveSessions(db),
  ]);
  const recent = await selectRecentOnline(
    db,
    wall.map((row) => row.session.id),
    videoLimits.liveRecentMinutes,
  );
  const sessions: LiveRow[] = wall.map(({ session, creator, latestOnline }) => ({
    ...presentHead(session, viewer),
    // An ended session has nobody online, whatever its last minute said.
    online: session.endTime ? 0 : (latestOnline ?? 0),
    goods_count: session.goods.length,
    creator: presentCreator(creator),
    recent_online: recent.get(session.id) ?? [],
    is_demo: session.isDemo,
  }));
  return { live_count: liveCount, sessions, banded: !viewer.showOriginal };
}

/** A session's own record for a review (AI 直播复盘): exact goods and minutes, for the server's use only. */
export interface LiveSessionRecordForReplay {
  roomId: string;
  title: string;
  isLive: boolean;
  goods: Array<{ title: string; price_fen: number; sales: number }>;
  minutes: Array<{ minute: number; online: number; salesFen: number }>;
}

/**
 * A session by room id with its goods and every minute, unbanded: the live-replay feature measures
 * the curve and the goods itself and shows the user only what its own report says. Null when unknown.
 */
export async function liveSessionForReplay(db: Database, roomId: string): Promise<LiveSessionRecordForReplay | null> {
  const found = await findSession(db, roomId);
  if (!found) return null;
  const minutes = await selectMinutes(db, found.session.id);
  return {
    roomId: found.session.roomId,
    title: found.session.title,
    isLive: found.session.endTime === null,
    goods: found.session.goods.map((item) => ({ title: item.title, price_fen: item.price_fen, sales: item.sales })),
    minutes: minutes.map((row) => ({ minute: row.minute, online: row.online, salesFen: row.salesFen })),
  };
}
