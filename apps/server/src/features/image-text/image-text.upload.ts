import { randomUUID } from 'node:crypto';
import {
  IMAGE_TEXT_ALIAS,
  type ImageTextTemplateStepResult,
  imageTextMessages,
  statusIdOf,
  uploadIdOfStatusId,
} from '@dso/contract';
import type { Database } from '../../db/client';
import type { ImageTextImage, StagedWork } from '../../db/schema';
import { orNotFound } from '../../lib/app-error';
import { decodeText, fileSource, listArchiveFiles, UploadRefusal, uploadLimits } from '../../lib/uploads';
import { imageTypeOf } from '../../providers/image/index';
import { assertQuotaLeft, consumePermission, getPermissionUse, releasePermission } from '../permissions';
import * as repository from './image-text.repository';
import { archiveWorks, archiveWorkText } from './image-text.rules';
import { extensionOf, imageTextStorage, moveFolder, removePath, writeFileIn } from './image-text.storage';

/** A picture in an archive larger than this is left out of its work. */
const PICTURE_MAX_BYTES = 50 * 1024 * 1024;
/** A work's text file is read up to this. */
const TEXT_MAX_BYTES = 64 * 1024;
/** A parsed archive whose template step has not run by then is dropped with its staged pictures. */
export const STAGED_KEEP_MS = 24 * 60 * 60 * 1000;

/** Drops parsed archives older than {@link STAGED_KEEP_MS} that were never stepped, pictures included. */
export async function sweepStaleUploads(db: Database, dataDir: string, now = new Date()): Promise<number> {
  const storage = imageTextStorage(dataDir);
  const ids = await repository.deleteStaleUploads(db, new Date(now.getTime() - STAGED_KEEP_MS));
  for (const id of ids) await removePath(storage.stagedFolder(id));
  return ids.length;
}

/** The works upload may start: the user has a unit left (002 §5: 当前剩余额度不足 otherwise). */
export async function assertUploadAllowed(db: Database, userId: number): Promise<void> {
  await assertQuotaLeft(db, { userId, alias: IMAGE_TEXT_ALIAS });
}

/** A new upload's id and the path its archive is received at. */
export function newUpload(dataDir: string): { id: string; path: string } {
  const id = randomUUID().replace(/-/g, '');
  return { id, path: imageTextStorage(dataDir).incomingFile(id) };
}

/**
 * Parses a received works archive (002 §5): the upload guard checks it (size, entries, ratio, absolute
 * paths, `..`, links), each folder of pictures becomes a work (image-text.rules.ts), the pictures are
 * staged and the upload recorded, waiting for the template step. Nothing is charged here. Answers the
 * status_id `<id>_<N>`. The received file is always removed.
 */
export async function parseUpload(
  db: Database,
  dataDir: string,
  options: { userId: number; id: string; path: string; fileName: string; size: number },
): Promise<{ statusId: string; works: number }> {
  const storage = imageTextStorage(dataDir);
  // Each upload clears what abandoned ones left, so staged pictures never pile up.
  await sweepStaleUploads(db, dataDir);
  const source = await fileSource(options.path);
  try {
    const files = await listArchiveFiles(source, uploadLimits.archive);
    const byName = new Map(files.map((file) => [file.name, file]));
    const staged: StagedWork[] = [];
    for (const found of archiveWorks(files.map((file) => file.name))) {
      const images: ImageTextImage[] = [];
      const folder = storage.stagedFolder(options.id, staged.length);
      for (const path of found.images) {
        const file = byName.get(path)!;
        if (file.size > PICTURE_MAX_BYTES) continue;
        const data = await file.read();
        const mime = imageTypeOf(data);
        if (!mime) continue;
        const name = `${images.length + 1}.${extensionOf(mime)}`;
        await writeFileIn(folder, name, data);
        images.push({ name, mime });
      }
      if (images.length === 0) continue;
      const textFile = found.textFile ? byName.get(found.textFile) : undefined;
      const text = textFile && textFile.size <= TEXT_MAX_BYTES ? decodeText(await textFile.read()) : null;
      staged.push({ ...archiveWorkText(found, text, options.fileName), images });
    }
    if (staged.length === 0) throw new UploadRefusal(imageTextMessages.uploadNoWorks);
    await repository.insertUpload(db, {
      id: options.id,
      userId: options.userId,
      fileName: options.fileName,
      sizeBytes: options.size,
      works: staged,
    });
    return { statusId: statusIdOf(options.id, staged.length), works: staged.length };
  } catch (error) {
    await removePath(storage.stagedFolder(options.id));
    throw error;
  } finally {
    await source.close();
    await removePath(options.path);
  }
}

/**
 * The template step-up (002 §7, idFlag = the upload's id or its whole status_id): the first works of a
 * parsed archive, as many as the remaining AI_PUB_BATCH_COUNT allows, become the user's works, each
 * taking its unit in the same step (810 当前剩余额度不足 when none is left). A repeated step adds nothing.
 */
export async function applyTemplateStep(
  db: Database,
  dataDir: string,
  userId: number,
  idFlag: string,
): Promise<ImageTextTemplateStepResult> {
  const upload = orNotFound(
    await repository.findUpload(db, userId, uploadIdOfStatusId(idFlag)),
    imageTextMessages.uploadUnknown,
  );
  if (upload.status === 'applied') return { added: 0, skipped: upload.workCount - upload.appliedCount };
  await assertQuotaLeft(db, { userId, alias: IMAGE_TEXT_ALIAS });
  const use = await getPermissionUse(db, userId, IMAGE_TEXT_ALIAS);
  const count = Math.min(upload.workCount, Math.max(1, use.per_val - use.use_val));
  await consumePermission(db, { userId, alias: IMAGE_TEXT_ALIAS, amount: count });
  let applied: Awaited<ReturnType<typeof repository.applyUpload>>;
  try {
    applied = await repository.applyUpload(db, upload, count);
  } catch (error) {
    await releasePermission(db, { userId, alias: IMAGE_TEXT_ALIAS, amount: count });
    throw error;
  }
  if (!applied) {
    // Another step of the same upload won: it took its own units.
    await releasePermission(db, { userId, alias: IMAGE_TEXT_ALIAS, amount: count });
    return { added: 0, skipped: upload.workCount - count };
  }
  const storage = imageTextStorage(dataDir);
  for (const { index, work } of applied) {
    await moveFolder(storage.stagedFolder(upload.id, index), storage.workFolder(work.id));
  }
  await removePath(storage.stagedFolder(upload.id));
  return { added: applied.length, skipped: upload.workCount - applied.length };
}
