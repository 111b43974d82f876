import type { ImportFormat, ImportReport, ImportRowError } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import {
  type ImportRunRow,
  importReportReads,
  importRunReport,
  insertQueuedImport,
  jsonValue,
} from '../../../lib/import-report';
import { type UploadLimits, UploadRefusal, uploadLimits } from '../../../lib/uploads';
import { yieldToEventLoop } from '../../../lib/yield-to-event-loop';
import { enqueueJob, PermanentJobError } from '../../jobs';
import type { DeriveStep } from '../derive/keyword-derive';
import type { KeywordScope } from '../search/keyword-search.repository';
import { checkRow, readImportRows } from './keyword-import';
import { type KeywordInput, upsertKeywords } from './keyword-ingest.repository';

export const KEYWORDS_IMPORT_JOB = 'keywords.import';
export const KEYWORDS_DERIVE_JOB = 'keywords.derive';

/** Row errors kept in a report; `error_rows` still counts every bad row. */
export const REPORT_MAX_ERRORS = 1_000;
/**
 * Rows per upsert. PGlite runs each statement on the event loop: 2,000 rows held it 1.3–2.6 s on the loaded
 * two-core test machine, 500 rows 0.2–0.3 s, for no less throughput per row.
 */
const UPSERT_BATCH = 500;

/** 'DSO', 'TSO/US': how reports and job keys name a library. */
export function scopeLabel(scope: KeywordScope): string {
  return scope.country ? `${scope.platform}/${scope.country}` : scope.platform;
}

/**
 * Queues the derive job of a library; a full derive already waiting for it makes this a no-op. With
 * `steps`, only those parts (its own singleton key, so it never stands in for a full derive).
 */
export async function enqueueDerive(db: Database, scope: KeywordScope, steps?: readonly DeriveStep[]) {
  return enqueueJob(db, {
    kind: KEYWORDS_DERIVE_JOB,
    payload: { platform: scope.platform, country: scope.country, ...(steps ? { steps } : {}) },
    singletonKey: steps ? `${scopeLabel(scope)}:${steps.join('+')}` : scopeLabel(scope),
    maxAttempts: 3,
  });
}

/**
 * Queues the derive of what changed in a library (`deriveChanges`): after a collection added a few words, instead of
 * deriving the whole library again. One is queued at a time per library; it takes every row written until it runs.
 */
export async function enqueueChangesDerive(db: Database, scope: KeywordScope) {
  return enqueueJob(db, {
    kind: KEYWORDS_DERIVE_JOB,
    payload: { platform: scope.platform, country: scope.country, changes: true },
    singletonKey: `${scopeLabel(scope)}:changes`,
    maxAttempts: 3,
  });
}

/** Stores an uploaded file as a queued import and queues the job that runs it. */
export async function createImport(
  db: Database,
  options: { source: string; format: ImportFormat; file: Buffer; createdBy: number | null },
): Promise<number> {
  const id = await insertQueuedImport(db, 'keyword_imports', options);
  await enqueueJob(db, { kind: KEYWORDS_IMPORT_JOB, payload: { importId: id }, maxAttempts: 3 });
  return id;
}

interface ImportRow extends ImportRunRow {
  format: ImportFormat;
  scopes: unknown;
}

const reports = importReportReads<ImportRow, ImportReport>('keyword_imports', sql`format, scopes`, (row) => ({
  ...importRunReport(row),
  format: row.format,
  scopes: jsonValue<string[]>(row.scopes),
}));

export function findImportReport(db: Database, id: number): Promise<ImportReport | null> {
  return reports.find(db, id);
}

/** The latest imports' reports, newest first (uploads and CLI runs alike). */
export function listImportReports(db: Database, limit: number): Promise<ImportReport[]> {
  return reports.list(db, limit);
}

export interface ImportOutcome {
  total: number;
  inserted: number;
  updated: number;
  errorRows: number;
  errors: ImportRowError[];
  scopes: KeywordScope[];
  failure: string | null;
}

/**
 * Checks and ingests the rows of a file as the parse worker streams them: good rows go through `upsertKeywords` in
 * batches (so a re-import updates, never duplicates), bad rows are reported per column. A file the guard or the
 * parser refuses comes back with `failure` set (rows already written stay; importing again is harmless). Does not
 * touch keyword_imports; {@link runImport} and the CLI record the outcome. `limits` defaults to an upload's.
 */
export async function importKeywordFile(
  db: Database,
  file: Buffer,
  format: ImportFormat,
  limits: UploadLimits = uploadLimits.keywordSheet,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = {
    total: 0,
    inserted: 0,
    updated: 0,
    errorRows: 0,
    errors: [],
    scopes: [],
    failure: null,
  };
  const countries = new Set(
    (await queryRows<{ code: string }>(db, sql`SELECT code FROM countries`)).map((row) => row.code),
  );
  const scopes = new Map<string, KeywordScope>();
  let batch: KeywordInput[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const { inserted, updated } = await upsertKeywords(db, batch);
    outcome.inserted += inserted;
    outcome.updated += updated;
    batch = [];
    // Batches the worker sent ahead arrive without a turn of the event loop in between: let requests in.
    await yieldToEventLoop();
  };
  try {
    for await (const rows of readImportRows(file, format, limits)) {
      for (const raw of rows) {
        outcome.total += 1;
        const checked = checkRow(raw, countries);
        if (!checked.input) {
          outcome.errorRows += 1;
          outcome.errors.push(...checked.errors.slice(0, Math.max(0, REPORT_MAX_ERRORS - outcome.errors.length)));
          continue;
        }
        const scope = { platform: checked.input.platform, country: checked.input.country };
        scopes.set(scopeLabel(scope), scope);
        batch.push(checked.input);
        if (batch.length >= UPSERT_BATCH) await flush();
      }
    }
    await flush();
  } catch (error) {
    if (!(error instanceof UploadRefusal)) throw error;
    outcome.failure = error.reportText;
  }
  outcome.scopes = [...scopes.values()];
  return outcome;
}

/**
 * The `keywords.import` job: runs a stored upload, records the report, drops the file and queues a
 * derive of every library it touched. A retried attempt starts the file over (the upsert makes that
 * harmless); a file that cannot be read (refused by the upload guard, unreadable, missing a column) fails the job once
 * with its reason, never retried: parsing it again would only refuse it again.
 */
export async function runImport(db: Database, importId: number): Promise<void> {
  const rows = await queryRows<{ status: string; format: ImportFormat; file: string | null }>(
    db,
    sql`SELECT status, format, encode(file, 'base64') AS file FROM keyword_imports WHERE id = ${importId}`,
  );
  const stored = rows[0];
  if (!stored) throw new PermanentJobError(`import ${importId} does not exist`);
  if (stored.status === 'done' || stored.status === 'failed') return;
  if (!stored.file) throw new PermanentJobError(`import ${importId} has no file`);
  await db.execute(sql`UPDATE keyword_imports SET status = 'running', started_at = now() WHERE id = ${importId}`);
  const outcome = await importKeywordFile(db, Buffer.from(stored.file, 'base64'), stored.format);
  await recordOutcome(db, importId, outcome);
  for (const scope of outcome.scopes) await enqueueDerive(db, scope);
  if (outcome.failure) throw new PermanentJobError(outcome.failure);
}

/** Writes an import's outcome to its keyword_imports row (status done, or failed with the reason). */
export async function recordOutcome(db: Database, importId: number, outcome: ImportOutcome) {
  await db.execute(sql`
    UPDATE keyword_imports SET status = ${outcome.failure ? 'failed' : 'done'}, failure = ${outcome.failure},
      total_rows = ${outcome.total}, inserted_rows = ${outcome.inserted}, updated_rows = ${outcome.updated},
      error_rows = ${outcome.errorRows}, errors = ${JSON.stringify(outcome.errors)}::jsonb,
      scopes = ${JSON.stringify(outcome.scopes.map(scopeLabel))}::jsonb, file = NULL, finished_at = now()
    WHERE id = ${importId}
  `);
}

/** An import run by the CLI: recorded like an upload (without the file) so its report is kept. */
export async function recordCliImport(db: Database, options: { source: string; format: ImportFormat }) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO keyword_imports (source, format, status, started_at)
        VALUES (${options.source}, ${options.format}, 'running', now()) RETURNING id`,
  );
  return Number(rows[0]!.id);
}
