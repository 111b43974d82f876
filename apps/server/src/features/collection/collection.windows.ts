import { SHANGHAI_OFFSET_MS } from '@dso/domain';
import { Cron } from 'croner';

/** Crons are read in the product's day (docs/collection.md). */
export const COLLECTION_TIMEZONE = 'Asia/Shanghai';

const cronOf = (expression: string) => new Cron(expression, { timezone: COLLECTION_TIMEZONE, paused: true });

/**
 * A window's key: its due instant in Shanghai time to the minute, `2026-11-29T04:30+08`. One run that did not
 * fail holds each key, and the job's singleton key carries it, so a window is queued and run once.
 */
export function windowKeyOf(due: Date): string {
  return `${new Date(due.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16)}+08`;
}

/** The latest due instant at or before `now` (the window a worker that was away owes), or null. */
export function latestWindow(expression: string, now: Date): Date | null {
  // previousRuns excludes its reference; a millisecond past now includes a window due this very instant.
  return cronOf(expression).previousRuns(1, new Date(now.getTime() + 1))[0] ?? null;
}

/** The next due instant after `now`, or null when the cron never fires again. */
export function nextWindow(expression: string, now: Date): Date | null {
  return cronOf(expression).nextRun(now);
}

/**
 * The window of a run someone asked for (立即运行, `npm run collect -- run`): `manual@` and the instant it was asked
 * in, to the millisecond, so asking again once a run is done is a window of its own.
 */
export function manualWindowKey(at: Date): string {
  return `manual@${new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 23)}+08`;
}
