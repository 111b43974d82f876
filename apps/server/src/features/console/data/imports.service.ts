import { Code, type ConsoleImportReport, type ConsoleImportTarget, consoleDataMessages } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { createImport, findImportReport, formatOfFileName } from '../../keywords';
import { createVideoImport, findVideoImportReport, videoFormatOfFileName, videoImportKindOf } from '../../videos';
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

/** Queues a keyword import of the file and audits it (import.keywords); answers its report, queued. */
export async function importKeywords(
  db: Database,
  actor: Actor,
  options: { upload: Upload; reason: string },
): Promise<ConsoleImportReport> {
  const { upload } = options;
  const format = upload.fields.format ? formatOfFileName(`x.${upload.fields.format}`) : formatOfFileName(upload.name);
  if (!format) throw AppError.toast(m.keywordFormat);
  const id = await db.transaction(async (tx) => {
    const importId = await createImport(tx, { source: upload.name, format, file: upload.buffer, createdBy: null });
    await recordAudit(tx, {
      actor,
      action: 'import.keywords',
      subject: `keyword_import:${importId}`,
      before: null,
      after: { import_id: importId, file_name: upload.name, format, bytes: upload.buffer.length, status: 'queued' },
      reason: options.reason,
    });
    return importId;
  });
  return readImportReport(db, { target: 'keywords', id });
}

/** Queues a video-data import of the file's kind and audits it (import.videos); answers its report, queued. */
export async function importVideos(
  db: Database,
  actor: Actor,
  options: { upload: Upload; reason: string },
): Promise<ConsoleImportReport> {
  const { upload } = options;
  const kind = videoImportKindOf(upload.fields.kind ?? '');
  if (!kind) throw AppError.badRequest(m.videoKind);
  const format = videoFormatOfFileName(upload.fields.format ? `x.${upload.fields.format}` : upload.name);
  if (!format) throw AppError.toast(m.videoFormat);
  const id = await db.transaction(async (tx) => {
    const importId = await createVideoImport(tx, {
      kind,
      source: upload.name,
      format,
      file: upload.buffer,
      createdBy: null,
    });
    await recordAudit(tx, {
      actor,
      action: 'import.videos',
      subject: `video_import:${importId}`,
      before: null,
      after: {
        import_id: importId,
        file_name: upload.name,
        kind,
        format,
        bytes: upload.buffer.length,
        status: 'queued',
      },
      reason: options.reason,
    });
    return importId;
  });
  return readImportReport(db, { target: 'videos', id });
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
