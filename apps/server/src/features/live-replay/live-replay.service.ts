import { rm } from 'node:fs/promises';
import {
  LIVE_REPLAY_ALIAS,
  type LiveReplay,
  type LiveReplayList,
  type LiveReplayListQuery,
  type LiveReplayOptions,
  type LiveReplaySummary,
  liveReplayLimits,
  liveReplayMessages,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError, orNotFound } from '../../lib/app-error';
import { pageWindow } from '../../lib/page-window';
import type { SpeechProvider } from '../../providers/speech/index';
import { enqueueJob } from '../jobs';
import { liveSessionForReplay } from '../live';
import { assertQuotaLeft } from '../permissions';
import type { LiveReplayRow } from './live-replay.repository';
import * as repository from './live-replay.repository';

/*
 * The user's calls on live replays: start one (from a session of the library or an uploaded recording),
 * list, read and remove them. The work itself is the job's, in live-replay.analysis.ts.
 */

/** The job that works a replay out (live-replay.job.ts serves it). */
export const LIVE_REPLAY_JOB = 'live-replay.analyse';

function summaryOf(row: Omit<LiveReplayRow, 'transcript' | 'report' | 'curve' | 'goods'>): LiveReplaySummary {
  return {
    id: row.id,
    source: row.source,
    room_id: row.roomId,
    title: row.title,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    error: row.error,
    duration: row.durationSeconds,
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** What /AiLiveReplay needs to know before starting: the upload's limits, and whether it can be heard. */
export function replayOptions(speech: SpeechProvider): LiveReplayOptions {
  return {
    speech_sandbox: speech.isSandbox,
    upload_max_bytes: liveReplayLimits.uploadMaxBytes,
    extensions: [...liveReplayLimits.extensions],
    max_duration_minutes: liveReplayLimits.maxDurationMinutes,
  };
}

/**
 * Refuses (810) a replay the user's daily count cannot pay for: the ones already waiting or running
 * will each take a unit when done, so they count against it too.
 */
export async function assertReplayQuota(db: Database, userId: number): Promise<void> {
  const active = await repository.countActiveReplays(db, userId);
  await assertQuotaLeft(db, { userId, alias: LIVE_REPLAY_ALIAS, amount: active + 1 });
}

async function queue(db: Database, row: LiveReplayRow): Promise<LiveReplaySummary> {
  await enqueueJob(db, { kind: LIVE_REPLAY_JOB, payload: { replayId: row.id }, maxAttempts: 3 });
  return summaryOf(row);
}

/**
 * Starts the replay of an ended live session of the library: unknown (400 直播不存在), still on air or
 * without minutes is refused before anything is queued, as is a used-up count. The session's goods and
 * minutes are copied onto the replay, so its report reads the same later.
 */
export async function startFromSession(db: Database, userId: number, roomId: string): Promise<LiveReplaySummary> {
  const session = await liveSessionForReplay(db, roomId);
  if (!session) throw AppError.badRequest(liveReplayMessages.sessionMissing);
  if (session.isLive) throw AppError.badRequest(liveReplayMessages.sessionLive);
  if (session.minutes.length === 0) throw AppError.badRequest(liveReplayMessages.sessionEmpty);
  await assertReplayQuota(db, userId);
  const row = await repository.insertReplay(db, {
    userId,
    source: 'session',
    roomId: session.roomId,
    title: session.title,
    filePath: null,
    goods: session.goods,
    curve: session.minutes,
  });
  return queue(db, row);
}

/** Starts the replay of a recording the route has received and checked (`path` is the replay's to keep). */
export async function startFromUpload(
  db: Database,
  userId: number,
  upload: { path: string; title: string; goods: string[] },
): Promise<LiveReplaySummary> {
  const row = await repository.insertReplay(db, {
    userId,
    source: 'upload',
    roomId: null,
    title: upload.title,
    filePath: upload.path,
    goods: upload.goods.map((title) => ({ title, price_fen: null, sales: null })),
    curve: [],
  });
  return queue(db, row);
}

export async function listReplays(db: Database, userId: number, query: LiveReplayListQuery): Promise<LiveReplayList> {
  const { rows, total } = await repository.selectUserReplays(db, userId, pageWindow(query));
  return {
    total_record: total,
    result: rows.map(summaryOf),
  };
}

export async function getReplay(db: Database, userId: number, id: number): Promise<LiveReplay> {
  const row = orNotFound(await repository.findUserReplay(db, userId, id), liveReplayMessages.replayMissing);
  return {
    ...summaryOf(row),
    report: row.report,
    curve: row.curve.map((entry) => ({ minute: entry.minute, online: entry.online })),
    transcript: row.transcript ?? [],
  };
}

export async function removeReplay(db: Database, userId: number, id: number): Promise<null> {
  const row = orNotFound(await repository.deleteUserReplay(db, userId, id), liveReplayMessages.replayMissing);
  if (row.filePath) await rm(row.filePath, { force: true });
  return null;
}
