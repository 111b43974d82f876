import { videoLimits } from '@dso/contract';
import { selectTrends, upsertTrends } from '../../ingest/video-ingest.repository';
import { distinctCount, type ImportContext, missingMessages, withImportLock, withKnownVideos } from '../import-context';
import { type CheckedVideoRow, finish, rowChecker } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/** One hour of a video's first 72 hours: its cumulative figures measured at `time`. */
export interface TrendPointRecord {
  awemeId: string;
  time: Date;
  goodCount: number;
  /** Null = not observed that hour. */
  commentCount: number | null;
  shareCount: number | null;
  collectCount: number | null;
}

/** Checks one trends row (which hour of the window it is needs the video: the import works it out). */
export function checkTrendRow(raw: RawVideoRow): CheckedVideoRow<TrendPointRecord> {
  const c = rowChecker(raw);
  const input: TrendPointRecord = {
    awemeId: c.string('aweme_id', '视频ID', true, 64),
    time: c.instant('time', '统计时间', true) ?? new Date(0),
    goodCount: c.count('good_count', '点赞数', true) ?? 0,
    commentCount: c.count('comment_count', '评论数', false),
    shareCount: c.count('share_count', '分享数', false),
    collectCount: c.count('collect_count', '收藏数', false),
  };
  return finish(c.errors, input);
}

const HOUR_MS = 3_600_000;
const WINDOW = videoLimits.trendWindowHours;

/**
 * Trend points go into their video's hourly window (slot 0 = the publish hour), merged with the
 * stored hours: a point replaces the stored figures of its hour, other hours stay. A stored window
 * that started at another hour (the video's publish time changed) is moved to the publish hour.
 */
export const importTrends = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkTrendRow);
  const kept = await withKnownVideos(context, accepted);
  const points: Array<{ videoId: number; startTime: Date; slot: number; input: TrendPointRecord }> = [];
  for (const { row, input, found: video } of kept) {
    const startTime = new Date(Math.floor(video.createTime.getTime() / HOUR_MS) * HOUR_MS);
    const slot = Math.floor((input.time.getTime() - startTime.getTime()) / HOUR_MS);
    if (slot < 0 || slot >= WINDOW) context.report([{ row, column: 'time', message: missingMessages.trendHour }]);
    else points.push({ videoId: video.id, startTime, slot, input });
  }
  if (points.length === 0) return;
  await withImportLock(context.db, 'trends', async (tx) => {
    const stored = await selectTrends(tx, [...new Set(points.map((point) => point.videoId))]);
    const windows = new Map<number, ReturnType<typeof emptyWindow>>();
    let inserted = 0;
    for (const point of points) {
      let window = windows.get(point.videoId);
      if (!window) {
        window = emptyWindow(point.startTime);
        const before = stored.get(point.videoId);
        if (before) {
          const shift = Math.round((before.startTime.getTime() - point.startTime.getTime()) / HOUR_MS);
          for (let slot = 0; slot < before.goodValues.length; slot++) {
            const to = slot + shift;
            if (to < 0 || to >= WINDOW) continue;
            window.goodValues[to] = before.goodValues[slot] ?? null;
            window.commentValues[to] = before.commentValues[slot] ?? null;
            window.shareValues[to] = before.shareValues[slot] ?? null;
            window.collectValues[to] = before.collectValues[slot] ?? null;
          }
        }
        windows.set(point.videoId, window);
      }
      if (window.goodValues[point.slot] === null && !window.fresh.has(point.slot)) inserted++;
      window.fresh.add(point.slot);
      window.goodValues[point.slot] = point.input.goodCount;
      window.commentValues[point.slot] = point.input.commentCount;
      window.shareValues[point.slot] = point.input.shareCount;
      window.collectValues[point.slot] = point.input.collectCount;
    }
    await upsertTrends(
      tx,
      [...windows].map(([videoId, { fresh: _fresh, ...window }]) => ({ videoId, ...window })),
    );
    context.written(
      distinctCount(points, (point) => `${point.videoId}/${point.slot}`),
      inserted,
    );
  });
};

function emptyWindow(startTime: Date) {
  const hours = () => Array.from({ length: WINDOW }, (): number | null => null);
  return {
    startTime,
    goodValues: hours(),
    commentValues: hours(),
    shareValues: hours(),
    collectValues: hours(),
    /** Hours this import has written (a repeated point counts once). */
    fresh: new Set<number>(),
  };
}
