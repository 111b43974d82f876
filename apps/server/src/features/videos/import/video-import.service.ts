import type { ImportRowError } from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import type { Database } from '../../../db/client';
import { type UploadLimits, UploadRefusal, uploadLimits } from '../../../lib/uploads';
import { yieldToEventLoop } from '../../../lib/yield-to-event-loop';
import { rankUnrankedKeywordVideos } from '../ingest/video-ingest.repository';
import type { ImportContext } from './import-context';
import { importComments } from './kinds/comments.import';
import { importCreators } from './kinds/creators.import';
import { importFollowerHistory } from './kinds/follower-history.import';
import { importLiveMinutes, importLiveSessions } from './kinds/live-sessions.import';
import { importPortraits } from './kinds/portraits.import';
import { importTopics, importTopicVideos } from './kinds/topics.import';
import { importTrends } from './kinds/trends.import';
import { importVideos } from './kinds/videos.import';
import { type RawVideoRow, readVideoImportRows, type VideoImportFormat, type VideoImportKind } from './video-import';

/** Row errors kept in a report; `errorRows` counts all of them. */
const MAX_REPORTED_ERRORS = 1_000;

/** What an import did: rows read, new, updated, refused (each with its row, column and reason). */
export interface VideoImportOutcome {
  total: number;
  inserted: number;
  updated: number;
  errorRows: number;
  errors: ImportRowError[];
  /** Why the file could not be read at all (the upload guard's or the parser's reason), else null. */
  failure: string | null;
}

/** Each kind's batch handler. */
const importers: Record<VideoImportKind, (context: ImportContext, rows: RawVideoRow[]) => Promise<void>> = {
  creators: importCreators,
  follower_history: importFollowerHistory,
  videos: importVideos,
  comments: importComments,
  trends: importTrends,
  portraits: importPortraits,
  live_sessions: importLiveSessions,
  live_minutes: importLiveMinutes,
  topics: importTopics,
  topic_videos: importTopicVideos,
};

/**
 * Imports one video-data file of `kind` through the upload guard, batch by batch, idempotently: every
 * kind is written by its platform keys (docs/data-format.md), so a re-import updates and never
 * duplicates. A row that fails its checks, or names a creator, video, live session or topic the
 * library does not hold, is reported with its row number and the rest go in. Videos link to the
 * keyword-library phrases of their `keywords` column; imported comments get their hot words recounted.
 */
export async function importVideoFile(
  db: Database,
  file: Buffer,
  kind: VideoImportKind,
  format: VideoImportFormat,
  options: { limits?: UploadLimits; now?: Date } = {},
): Promise<VideoImportOutcome> {
  const outcome: VideoImportOutcome = { total: 0, inserted: 0, updated: 0, errorRows: 0, errors: [], failure: null };
  const now = options.now ?? new Date();
  const context: ImportContext = {
    db,
    now,
    linked: false,
    report(errors) {
      outcome.errorRows++;
      for (const error of errors) if (outcome.errors.length < MAX_REPORTED_ERRORS) outcome.errors.push(error);
    },
    accept(rows, check) {
      const accepted = [];
      for (const raw of rows) {
        const checked = check(raw);
        if (checked.input === null) this.report(checked.errors);
        else accepted.push({ row: raw.row, input: checked.input });
      }
      return accepted;
    },
    written(distinct, inserted) {
      outcome.inserted += inserted;
      outcome.updated += distinct - inserted;
    },
  };
  try {
    for await (const rows of readVideoImportRows(file, kind, format, options.limits ?? uploadLimits.videoCli)) {
      outcome.total += rows.length;
      await importers[kind](context, rows);
      await yieldToEventLoop();
    }
    if (context.linked) await rankUnrankedKeywordVideos(db, shanghaiDay(now));
  } catch (error) {
    if (!(error instanceof UploadRefusal)) throw error;
    outcome.failure = error.reportText;
  }
  return outcome;
}
