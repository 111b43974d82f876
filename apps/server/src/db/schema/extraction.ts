import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { at, createdAt, rowId } from './columns';
import { videos } from './videos';

/*
 * Copy extraction (视频文案提取; 002 §4–§5): the transcript of a video, extracted one at a time
 * or in a batch job. docs/extraction.md describes the flow.
 */

/** One timed piece of a transcript (seconds from the start). */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/**
 * A user's extraction of one video: the history row. `status` is 'pending' (a batch item not yet
 * run), 'done' (answered: `text` holds the transcript, one AI_WRITING_BATCH_EXTRACTION unit was taken)
 * or 'failed' (`error` holds the Chinese reason, nothing was taken). A batch item holds its unit from
 * submission (`reservation_id`, the usage ledger's row), settled when answered, given back when it fails. `batch_id` groups the rows of one
 * batch submission (null for a single extraction); the batch job works through its pending rows, so a
 * restarted job picks up where the last one stopped. The video's description, share link and duration
 * are copied at submission so the history reads the same after the video leaves the library.
 */
export const extractions = pgTable(
  'extractions',
  {
    id: rowId(),
    userId: ownerId(),
    videoId: bigint('video_id', { mode: 'number' }).references(() => videos.id, { onDelete: 'set null' }),
    awemeId: text('aweme_id').notNull(),
    videoDesc: text('video_desc').notNull().default(''),
    shareUrl: text('share_url').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
    batchId: text('batch_id'),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull(),
    text: text('text'),
    segments: jsonb('segments').$type<TranscriptSegment[]>(),
    error: text('error'),
    reservationId: bigint('reservation_id', { mode: 'number' }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    index('extractions_user_idx').on(table.userId, table.id.desc()),
    index('extractions_batch_idx').on(table.batchId, table.id),
  ],
);
