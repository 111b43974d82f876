import {
  findLiveSessionIdsByRoomId,
  type LiveSessionIngest,
  upsertLiveMinutes,
  upsertLiveSessions,
} from '../../ingest/video-ingest.repository';
import { distinctCount, type ImportContext, known, missingMessages } from '../import-context';
import { type CheckedVideoRow, finish, goodsOf, MAX_INT, rowChecker } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/* Two import kinds that go together: live sessions, and their minutes (each kind a file of its own). */

/** A live session's head as a file gives it (its minutes come in their own file). */
export type LiveSessionRecord = Omit<LiveSessionIngest, 'minutes'>;

export function checkLiveSessionRow(raw: RawVideoRow): CheckedVideoRow<LiveSessionRecord> {
  const c = rowChecker(raw);
  const startTime = c.instant('start_time', '开播时间', true);
  const endTime = c.instant('end_time', '下播时间', false);
  if (startTime && endTime && endTime < startTime) c.fail('end_time', '下播时间不能早于开播时间');
  const input: LiveSessionRecord = {
    roomId: c.string('room_id', '直播间ID', true, 64),
    authorUserId: c.string('author_user_id', '达人ID', true, 128),
    title: c.string('title', '直播标题', false, 200),
    cover: c.string('cover', '封面', false, 1_000),
    startTime: startTime ?? new Date(0),
    endTime,
    watchCount: c.count('watch_count', '观看人次', true) ?? 0,
    peakOnline: c.count('peak_online', '在线峰值', true, MAX_INT) ?? 0,
    salesAmountFen: c.count('sales_amount_fen', '销售额（分）', true) ?? 0,
    goods: goodsOf(c),
    isDemo: false,
  };
  return finish(c.errors, input);
}

/** One minute of a live session, counted from its start. */
export interface LiveMinuteRecord {
  roomId: string;
  minute: number;
  online: number;
  entering: number;
  salesFen: number;
}

export function checkLiveMinuteRow(raw: RawVideoRow): CheckedVideoRow<LiveMinuteRecord> {
  const c = rowChecker(raw);
  const input: LiveMinuteRecord = {
    roomId: c.string('room_id', '直播间ID', true, 64),
    minute: c.count('minute', '分钟', true, MAX_INT) ?? 0,
    online: c.count('online', '在线人数', true, MAX_INT) ?? 0,
    entering: c.count('entering', '进场人数', false, MAX_INT) ?? 0,
    salesFen: c.count('sales_fen', '销售额（分）', false) ?? 0,
  };
  return finish(c.errors, input);
}

export const importLiveSessions = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkLiveSessionRow);
  const { ids, inserted, missingAuthor } = await upsertLiveSessions(
    context.db,
    accepted.map(({ input }) => ({ ...input, minutes: [] })),
  );
  context.written(ids.size, inserted);
  const missing = new Set(missingAuthor);
  for (const { row, input } of accepted) {
    if (missing.has(input.roomId))
      context.report([{ row, column: 'author_user_id', message: missingMessages.creator }]);
  }
};

export const importLiveMinutes = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkLiveMinuteRow);
  const ids = await findLiveSessionIdsByRoomId(
    context.db,
    accepted.map(({ input }) => input.roomId),
  );
  const kept = known(context, accepted, (input) => ids.get(input.roomId), 'room_id', missingMessages.liveSession);
  const minutes = kept.map(({ input: { roomId: _roomId, ...minute }, found }) => ({ sessionId: found, ...minute }));
  const inserted = await upsertLiveMinutes(context.db, minutes);
  context.written(
    distinctCount(minutes, (minute) => `${minute.sessionId}/${minute.minute}`),
    inserted,
  );
};
