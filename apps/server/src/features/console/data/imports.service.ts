import {
  CONSOLE_IMPORT_LIST_SIZE,
  Code,
  type ConsoleImportItem,
  type ConsoleImportReport,
  type ConsoleImportTarget,
  consoleDataMessages,
  type ImportReport,
  type VideoImportReport,
} from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { createImport, findImportReport, formatOfFileName, listImportReports } from '../../keywords';
import {
  createVideoImport,
  findVideoImportReport,
  listVideoImportReports,
  videoFormatOfFileName,
  videoImportKindOf,
} from '../../videos';
import { type Actor, recordAudit } from '../audit/audit.service';

/**
 * Imports from the console's 数据 page (docs/console.md): the file is stored as a queued import of the
 * keywords or videos feature and run by its import job, as any upload; the audit entry is written in the
 * transaction that stores it. Rows are counted by the job, so the entry names the import whose report holds them.
 */

const m = consoleDataMessages;

/** A received upload: the file's name and bytes, and the form's fields (lower-cased codes). */
interface Upload {
  name: string;
  buffer: Buffer;
  fields: Record<string, string>;
}

/** What each target's upload does: the upload's format (and kind) checked, then the file stored as a queued import. */
const importers = {
  keywords: {
    action: 'import.keywords',
    subject: 'keyword_import',
    check(upload: Upload) {
      const format = formatOfFileName(upload.fields.format ? `x.${upload.fields.format}` : upload.name);
      if (!format) throw AppError.toast(m.keywordFormat);
      return {
        facts: { format },
        store: (tx: Database) =>
          createImport(tx, { source: upload.name, format, file: upload.buffer, createdBy: null }),
      };
    },
  },
  videos: {
    action: 'import.videos',
    subject: 'video_import',
    check(upload: Upload) {
      const kind = videoImportKindOf(upload.fields.kind ?? '');
      if (!kind) throw AppError.badRequest(m.videoKind);
      const format = videoFormatOfFileName(upload.fields.format ? `x.${upload.fields.format}` : upload.name);
      if (!format) throw AppError.toast(m.videoFormat);
      return {
        facts: { kind, format },
        store: (tx: Database) =>
          createVideoImport(tx, { kind, source: upload.name, format, file: upload.buffer, createdBy: null }),
      };
    },
  },
} as const;

/**
 * Queues an import of the uploaded file (keywords, or video data of the form's kind) and audits it
 * (import.keywords / import.videos) in the transaction that stores it; answers its report, queued.
 */
export async function importFile(
  db: Database,
  actor: Actor,
  options: { target: ConsoleImportTarget; upload: Upload; reason: string },
): Promise<ConsoleImportReport> {
  const { target, upload } = options;
  const importer = importers[target];
  const { facts, store } = importer.check(upload);
  const id = await db.transaction(async (tx) => {
    const importId = await store(tx);
    await recordAudit(tx, {
      actor,
      action: importer.action,
      subject: `${importer.subject}:${importId}`,
      before: null,
      after: { import_id: importId, file_name: upload.name, ...facts, bytes: upload.buffer.length, status: 'queued' },
      reason: options.reason,
    });
    return importId;
  });
  return readImportReport(db, { target, id });
}

/** An import's progress and per-row report; 404 导入记录不存在 for none. */
export async function readImportReport(
  db: Database,
  query: { target: ConsoleImportTarget; id: number },
): Promise<ConsoleImportReport> {
  if (query.target === 'keywords') {
    const report = await findImportReport(db, query.id);
    if (report) return { target: 'keywords', report };
  } else {
    const report = await findVideoImportReport(db, query.id);
    if (report) return { target: 'videos', report };
  }
  throw new AppError(Code.NOT_FOUND, m.importNotFound);
}

/** The latest imports of both kinds, newest first, without their refused rows. */
export async function listImports(db: Database): Promise<ConsoleImportItem[]> {
  const [keywords, videos] = await Promise.all([
    listImportReports(db, CONSOLE_IMPORT_LIST_SIZE),
    listVideoImportReports(db, CONSOLE_IMPORT_LIST_SIZE),
  ]);
  const item = (target: ConsoleImportTarget, report: ImportReport | VideoImportReport): ConsoleImportItem => ({
    target,
    id: report.id,
    source: report.source,
    kind: 'kind' in report ? report.kind : null,
    status: report.status,
    total_rows: report.total_rows,
    inserted_rows: report.inserted_rows,
    updated_rows: report.updated_rows,
    error_rows: report.error_rows,
    failure: report.failure,
    created_at: report.created_at,
    finished_at: report.finished_at,
  });
  return [...keywords.map((report) => item('keywords', report)), ...videos.map((report) => item('videos', report))]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, CONSOLE_IMPORT_LIST_SIZE);
}
