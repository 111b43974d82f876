import type { VideoImportFormat, VideoImportKind } from '@dso/contract';
import {
  type ImportColumn,
  readRecords,
  requiredColumnsCheck,
  type TableRecord,
  type UploadLimits,
} from '../../../lib/uploads';

/*
 * Reading video-data import files (docs/data-format.md, "Video data"): one kind of record
 * per file — creators, videos, comments, trend points, follower history, portrait shares, live
 * sessions and their minutes, topics and their works — as CSV (a header row naming the columns) or
 * JSONL (one object per line with the same names). Reading goes through the upload guard and its parse
 * worker (lib/uploads); checking turns each row into an ingest record or into per-column errors in
 * Chinese: the column readers in row-checker.ts, each kind's checks and writing in kinds/.
 */

export { type VideoImportFormat, type VideoImportKind, videoImportKinds } from '@dso/contract';

/** The columns of each kind; `required` ones must be in a CSV header and filled on every row. */
export const videoImportColumns: Record<VideoImportKind, readonly ImportColumn[]> = {
  creators: [
    { name: 'user_id', required: true },
    { name: 'nick_name', required: true },
    { name: 'unique_id', required: false },
    { name: 'avatar', required: false },
    { name: 'signature', required: false },
    { name: 'gender', required: false },
    { name: 'province', required: false },
    { name: 'city', required: false },
    { name: 'field', required: false },
    { name: 'verified', required: false },
    { name: 'verify_info', required: false },
    { name: 'is_commerce', required: false },
    { name: 'mcn', required: false },
    { name: 'follower_count', required: true },
    { name: 'follower_growth_30d', required: false },
    { name: 'total_favorited', required: true },
    { name: 'aweme_count', required: true },
    { name: 'video_comment_total_count', required: false },
    { name: 'video_share_total_count', required: false },
    { name: 'video_collect_total_count', required: false },
    { name: 'sales_amount_fen', required: false },
    { name: 'live_count', required: false },
    { name: 'as_of', required: true },
  ],
  videos: [
    { name: 'aweme_id', required: true },
    { name: 'author_user_id', required: true },
    { name: 'desc', required: true },
    { name: 'tags', required: false },
    { name: 'score', required: false },
    { name: 'cover', required: false },
    { name: 'share_url', required: false },
    { name: 'play_url', required: false },
    { name: 'create_time', required: true },
    { name: 'fetched_at', required: false },
    { name: 'duration_ms', required: true },
    { name: 'good_count', required: true },
    { name: 'comment_count', required: true },
    { name: 'share_count', required: true },
    { name: 'collect_count', required: true },
    { name: 'music_id', required: false },
    { name: 'music_title', required: false },
    { name: 'goods', required: false },
    { name: 'status', required: false },
    { name: 'word_new', required: false },
    { name: 'transcript', required: false },
    { name: 'keywords', required: false },
  ],
  comments: [
    { name: 'aweme_id', required: true },
    { name: 'cid', required: true },
    { name: 'text', required: true },
    { name: 'create_time', required: true },
    { name: 'digg_count', required: true },
    { name: 'reply_count', required: false },
    { name: 'nickname', required: false },
    { name: 'avatar_url', required: false },
  ],
  trends: [
    { name: 'aweme_id', required: true },
    { name: 'time', required: true },
    { name: 'good_count', required: true },
    { name: 'comment_count', required: false },
    { name: 'share_count', required: false },
    { name: 'collect_count', required: false },
  ],
  follower_history: [
    { name: 'user_id', required: true },
    { name: 'day', required: true },
    { name: 'follower_count', required: true },
  ],
  portraits: [
    { name: 'subject_type', required: true },
    { name: 'subject_id', required: true },
    { name: 'dimension', required: true },
    { name: 'label', required: true },
    { name: 'share', required: true },
    { name: 'as_of', required: false },
  ],
  live_sessions: [
    { name: 'room_id', required: true },
    { name: 'author_user_id', required: true },
    { name: 'title', required: false },
    { name: 'cover', required: false },
    { name: 'start_time', required: true },
    { name: 'end_time', required: false },
    { name: 'watch_count', required: true },
    { name: 'peak_online', required: true },
    { name: 'sales_amount_fen', required: true },
    { name: 'goods', required: false },
  ],
  live_minutes: [
    { name: 'room_id', required: true },
    { name: 'minute', required: true },
    { name: 'online', required: true },
    { name: 'entering', required: false },
    { name: 'sales_fen', required: false },
  ],
  topics: [
    { name: 'kind', required: true },
    { name: 'name', required: true },
    { name: 'day', required: true },
    { name: 'heat', required: true },
    { name: 'video_count', required: true },
    { name: 'growth', required: false },
  ],
  topic_videos: [
    { name: 'kind', required: true },
    { name: 'name', required: true },
    { name: 'day', required: true },
    { name: 'aweme_id', required: true },
  ],
};

/** One row before checking: its number as the file shows it (CSV: header = 1; JSONL: the line) and its cells. */
export type RawVideoRow = TableRecord;

/** The format of a file by its name (.csv, .jsonl / .ndjson), or null. */
export function videoFormatOfFileName(name: string): VideoImportFormat | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  return null;
}

/**
 * The rows of a file in batches, read by the upload guard's parse worker. Throws `UploadRefusal` when
 * the file cannot be read at all (the guard's reason, the parser's, or a missing required column).
 */
export function readVideoImportRows(
  file: Buffer,
  kind: VideoImportKind,
  format: VideoImportFormat,
  limits: UploadLimits,
): AsyncGenerator<RawVideoRow[]> {
  return readRecords(file, { format, limits, missingColumns: requiredColumnsCheck(videoImportColumns[kind]) });
}
