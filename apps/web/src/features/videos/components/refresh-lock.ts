import { videoLimits } from '@dso/contract';
import { readLocal, writeLocal } from '../../../lib/storage';

/**
 * The refresh button's 30-minute lock per video, remembered in local storage (002 §4): one JSON map
 * of aweme id → the press's timestamp (ms). Entries older than 30 minutes are pruned on every read
 * and write, so the map never grows past the videos refreshed in the last half hour.
 */
export const REFRESH_TIMES_KEY = 'videoRefreshTimes';
const LOCK_MS = videoLimits.refreshLockMinutes * 60_000;

function readTimes(now: number): Record<string, number> {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(readLocal(REFRESH_TIMES_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  const times: Record<string, number> = {};
  if (parsed && typeof parsed === 'object') {
    for (const [id, at] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof at === 'number' && now - at < LOCK_MS) times[id] = at;
    }
  }
  return times;
}

function writeTimes(times: Record<string, number>) {
  writeLocal(REFRESH_TIMES_KEY, Object.keys(times).length > 0 ? JSON.stringify(times) : null);
}

/** Whether the video was refreshed from this browser less than 30 minutes ago (prunes old entries). */
export function isRefreshLocked(awemeId: string, now = Date.now()): boolean {
  const times = readTimes(now);
  writeTimes(times);
  return awemeId in times;
}

/** Remembers a press of the refresh button for the video at `at` (ms). */
export function rememberRefresh(awemeId: string, at = Date.now()) {
  const times = readTimes(at);
  times[awemeId] = at;
  writeTimes(times);
}
