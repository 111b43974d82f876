import type { VideoImportFormat, VideoImportKind, VideoImportReport } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows } from '../../../db/client';
import { type ImportRunRow, importReportReads, importRunReport, insertQueuedImport } from '../../../lib/import-report';
import { uploadLimits } from '../../../lib/uploads';
import { enqueueJob, type JobHandlers, PermanentJobError } from '../../jobs';
import { videoImportKinds } from './video-import';
import { importVideoFile, type VideoImportOutcome } from './video-import.service';

/*
 * Video-data files uploaded in the operator's console (its 数据 page): stored with their kind as a queued
 * `video_imports` row and run by the `videos.import` job, like the keyword import's uploads, so a large
 * file never holds a request and any worker process can run it.
 */

export const VIDEOS_IMPORT_JOB = 'videos.import';

/** Stores an uploaded file as a queued import and queues the job that runs it. */
export async function createVideoImport(
  db: Database,
  options: { kind: VideoImportKind; source: string; format: VideoImportFormat; file: Buffer; createdBy: number | null },
): Promise<number> {
  const id = await insertQueuedImport(db, 'video_imports', options);
  await enqueueJob(db, { kind: VIDEOS_IMPORT_JOB, payload: { importId: id }, maxAttempts: 3 });
  return id;
}

interface ImportRow extends ImportRunRow {
  kind: VideoImportKind;
  format: VideoImportFormat;
}

const reports = importReportReads<ImportRow, VideoImportReport>('video_imports', sql`kind, format`, (row) => ({
  ...importRunReport(row),
  kind: row.kind,
  format: row.format,
}));

/** An import's report, or null when there is no such import. */
export function findVideoImportReport(db: Database, id: number): Promise<VideoImportReport | null> {
  return reports.find(db, id);
}

/** The latest video-data imports' reports, newest first. */
export function listVideoImportReports(db: Database, limit: number): Promise<VideoImportReport[]> {
  return reports.list(db, limit);
}

/**
 * The `videos.import` job: runs a stored upload with the admin upload's limits, records the report and
 * drops the file. A retried attempt starts the file over (every kind is idempotent); a file that cannot
 * be read fails the job once with its reason, never retried.
 */
export async function runVideoImport(db: Database, importId: number): Promise<void> {
  const [stored] = await queryRows<{
    status: string;
    kind: VideoImportKind;
    format: VideoImportFormat;
    file: string | null;
  }>(db, sql`SELECT status, kind, format, encode(file, 'base64') AS file FROM video_imports WHERE id = ${importId}`);
  if (!stored) throw new PermanentJobError(`video import ${importId} does not exist`);
  if (stored.status === 'done' || stored.status === 'failed') return;
  if (!stored.file) throw new PermanentJobError(`video import ${importId} has no file`);
  await db.execute(sql`UPDATE video_imports SET status = 'running', started_at = now() WHERE id = ${importId}`);
  const outcome = await importVideoFile(db, Buffer.from(stored.file, 'base64'), stored.kind, stored.format, {
    limits: uploadLimits.videoUpload,
  });
  await recordOutcome(db, importId, outcome);
  if (outcome.failure) throw new PermanentJobError(outcome.failure);
}

async function recordOutcome(db: Database, importId: number, outcome: VideoImportOutcome) {
  await db.execute(sql`
    UPDATE video_imports SET status = ${outcome.failure ? 'failed' : 'done'}, failure = ${outcome.failure},
      total_rows = ${outcome.total}, inserted_rows = ${outcome.inserted}, updated_rows = ${outcome.updated},
      error_rows = ${outcome.errorRows}, errors = ${JSON.stringify(outcome.errors)}::jsonb, file = NULL,
      finished_at = now()
    WHERE id = ${importId}
  `);
}

const importPayloadSchema = z.object({ importId: z.number().int().positive() });

/** The video-data import job. */
export const videoImportJobHandlers: JobHandlers = {
  [VIDEOS_IMPORT_JOB]: async (payload, { db }) => {
    const parsed = importPayloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
    await runVideoImport(db, parsed.data.importId);
  },
};

/** The kind named by an upload's field, or null. */
export const videoImportKindOf = (value: string): VideoImportKind | null =>
  videoImportKinds.find((kind) => kind === value) ?? null;
