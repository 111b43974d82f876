import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { at, createdAt, rowId, updatedAt } from './columns';
import type { TranscriptSegment } from './extraction';

/*
 * AI 直播复盘: a user's review of a live session or an uploaded recording, worked out by the
 * `live-replay.analyse` job. docs/live-replay.md describes the flow.
 */

/** The written report, in the contract's wire shape (`LiveReplayReport`). */
export interface LiveReplayReportRecord {
  overview: string;
  segments: Array<{ start: number; end: number; title: string; summary: string }>;
  mentions: Array<{ title: string; price: number | null; count: number; moments: number[] }>;
  peaks: Array<{ minute: number; online: number; rise: number; said: string }>;
  keep: string[];
  change: string[];
}

/**
 * One replay. `source` 'session' reads the live session `room_id` (its goods and minutes are copied
 * into `goods` and `curve` at submission, so the report reads the same after the session changes);
 * 'upload' keeps the recording at `file_path` until the job is done with it, with the goods the user
 * typed. `status` queued → running → done | failed; `stage` and `progress` (0–100) tell the page what the
 * job is doing. `transcript` is kept once heard, so a retried job does not transcribe again. `charged`
 * is set in the transaction that stores the report and takes the unit, so a report is charged once.
 */
export const liveReplays = pgTable(
  'live_replays',
  {
    id: rowId(),
    userId: ownerId(),
    source: text('source').$type<'session' | 'upload'>().notNull(),
    roomId: text('room_id'),
    title: text('title').notNull().default(''),
    filePath: text('file_path'),
    goods: jsonb('goods').$type<Array<{ title: string; price_fen: number | null; sales: number | null }>>().notNull(),
    curve: jsonb('curve').$type<Array<{ minute: number; online: number; salesFen: number }>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
    stage: text('stage').$type<'queued' | 'transcribing' | 'analysing' | 'done'>().notNull(),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    transcript: jsonb('transcript').$type<TranscriptSegment[]>(),
    report: jsonb('report').$type<LiveReplayReportRecord>(),
    sandbox: boolean('sandbox').notNull().default(false),
    charged: boolean('charged').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: at('finished_at'),
  },
  (table) => [index('live_replays_user_idx').on(table.userId, table.id.desc())],
);
