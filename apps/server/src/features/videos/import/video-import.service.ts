import type { ImportRowError } from '@dso/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { videos } from '../../../db/schema';
import { type UploadLimits, UploadRefusal, uploadLimits } from '../../../lib/uploads';
import { yieldToEventLoop } from '../../jobs/jobs.worker';
import { refreshHotWords } from '../ingest/hot-words';
import {
  linkVideoKeywords,
  rankUnrankedKeywordVideos,
  upsertComments,
  upsertCreators,
  upsertVideos,
  VIDEO_PLATFORM,
} from '../ingest/video-ingest.repository';
import {
  type CheckedVideoRow,
  checkCommentRow,
  checkCreatorRow,
  checkVideoRow,
  type RawVideoRow,
  readVideoImportRows,
  type VideoImportFormat,
  type VideoImportKind,
} from './video-import';

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

const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Imports one video-data file of `kind` through the upload guard, batch by batch, idempotently:
 * creators and videos are upserted by their platform ids, comments by (video, comment id), so a
 * re-import updates and never duplicates. A row that fails its checks, or names an author or video
 * the library does not hold, is reported with its row number and the rest go in. Videos link to the
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
  const report = (errors: ImportRowError[]) => {
    outcome.errorRows++;
    for (const error of errors) if (outcome.errors.length < MAX_REPORTED_ERRORS) outcome.errors.push(error);
  };
  const accept = <T>(rows: RawVideoRow[], check: (row: RawVideoRow) => CheckedVideoRow<T>) => {
    const accepted: Array<{ row: number; input: T }> = [];
    for (const raw of rows) {
      const checked = check(raw);
      if (checked.input === null) report(checked.errors);
      else accepted.push({ row: raw.row, input: checked.input });
    }
    return accepted;
  };
  let linked = false;
  try {
    for await (const rows of readVideoImportRows(file, kind, format, options.limits ?? uploadLimits.videoCli)) {
      outcome.total += rows.length;
      if (kind === 'creators') {
        const accepted = accept(rows, checkCreatorRow);
        const { ids, inserted } = await upsertCreators(
          db,
          accepted.map(({ input }) => input),
        );
        outcome.inserted += inserted;
        outcome.updated += ids.size - inserted;
      } else if (kind === 'videos') {
        const accepted = accept(rows, (raw) => checkVideoRow(raw, now));
        const { ids, inserted, missingAuthor } = await upsertVideos(
          db,
          accepted.map(({ input }) => input),
        );
        outcome.inserted += inserted;
        outcome.updated += ids.size - inserted;
        const missing = new Set(missingAuthor);
        for (const { row, input } of accepted) {
          if (missing.has(input.awemeId)) {
            report([{ row, column: 'author_user_id', message: '达人不存在，请先导入达人' }]);
          }
        }
        const links = accepted.flatMap(({ input }) => {
          const videoId = ids.get(input.awemeId);
          return videoId === undefined
            ? []
            : input.keywords.map((keyword) => ({
                videoId,
                keyword,
                searchRank: null,
                asOf: shanghaiDay(input.fetchedAt),
              }));
        });
        if (links.length) {
          await linkVideoKeywords(db, links);
          linked = true;
        }
      } else {
        const accepted = accept(rows, checkCommentRow);
        const awemeIds = [...new Set(accepted.map(({ input }) => input.awemeId))];
        const found = awemeIds.length
          ? await db
              .select({ id: videos.id, awemeId: videos.awemeId })
              .from(videos)
              .where(and(eq(videos.platform, VIDEO_PLATFORM), inArray(videos.awemeId, awemeIds)))
          : [];
        const idOf = new Map(found.map((video) => [video.awemeId, video.id]));
        const known = accepted.filter(({ row, input }) => {
          if (idOf.has(input.awemeId)) return true;
          report([{ row, column: 'aweme_id', message: '视频不存在，请先导入视频' }]);
          return false;
        });
        const written = known.map(({ input }) => ({ ...input, videoId: idOf.get(input.awemeId)!, isDemo: false }));
        const inserted = await upsertComments(db, written);
        // Within a file a repeated comment id counts once.
        const distinct = new Set(written.map((row) => `${row.videoId}/${row.cid}`)).size;
        outcome.inserted += inserted;
        outcome.updated += distinct - inserted;
        await refreshHotWords(db, [...new Set(written.map((row) => row.videoId))]);
      }
      await yieldToEventLoop();
    }
    if (linked) await rankUnrankedKeywordVideos(db, shanghaiDay(now));
  } catch (error) {
    if (!(error instanceof UploadRefusal)) throw error;
    outcome.failure = error.message;
  }
  return outcome;
}
