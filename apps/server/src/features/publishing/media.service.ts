import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type MediaKind, type PublishingMedia, publishingLimits, publishingMessages } from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fileSource, inspectUpload, UploadRefusal, uploadLimits } from '../../lib/uploads';
import type { PublishFile } from '../../providers/publishing/index';
import type { MediaRow } from './publishing.repository';
import * as repository from './publishing.repository';

/** What a file's first bytes say it is; null for anything a post cannot carry. */
export function sniffMedia(head: Uint8Array): { kind: MediaKind; mime: string; ext: string } | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG')
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

/** The directory the media of one-key publishing live in. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'publishing');
}

export function toPublishingMedia(row: MediaRow): PublishingMedia {
  return { id: row.id, kind: row.kind, name: row.name, size: row.size };
}

/** A file name as shown: its base name, at most 80 characters. */
function displayName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).trim();
  return (base || '未命名文件').slice(0, 80);
}

/**
 * Keeps an uploaded video or image: the stream goes to a temporary file (cut at the video limit), the
 * upload guard checks it (size, no archive in disguise), its first bytes must be mp4/webm or
 * jpeg/png/webp, and it moves under DATA_DIR/publishing. Refusals are the upload guard's (`UploadRefusal`): toasts.
 */
export async function storeMedia(options: {
  db: Database;
  dataDir: string;
  userId: number;
  fileName: string;
  stream: Readable & { truncated?: boolean };
}): Promise<PublishingMedia> {
  const root = mediaRoot(options.dataDir);
  const folder = path.join(root, String(options.userId));
  await mkdir(folder, { recursive: true });
  const temporary = path.join(folder, `.upload-${randomUUID()}`);
  try {
    await pipeline(options.stream, createWriteStream(temporary));
    if (options.stream.truncated) throw new UploadRefusal(publishingMessages.videoTooLarge);
    const source = await fileSource(temporary);
    let sniffed: ReturnType<typeof sniffMedia>;
    let size: number;
    try {
      sniffed = sniffMedia(await source.read(0, 16));
      size = source.size;
      if (!sniffed) throw new UploadRefusal(publishingMessages.mediaType);
      await inspectUpload(source, uploadLimits[sniffed.kind === 'video' ? 'publishVideo' : 'publishImage'], {
        expect: ['plain'],
      });
    } finally {
      await source.close();
    }
    if (size === 0) throw new UploadRefusal(publishingMessages.mediaType);
    // The absolute path: the worker that publishes reads it without knowing this server's DATA_DIR.
    const storageKey = path.resolve(folder, `${randomUUID()}.${sniffed.ext}`);
    await rename(temporary, storageKey);
    const row = await repository.insertMedia(options.db, {
      userId: options.userId,
      kind: sniffed.kind,
      name: displayName(options.fileName),
      mime: sniffed.mime,
      size,
      storageKey,
    });
    return toPublishingMedia(row);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The bytes of a stored medium, for the provider. */
export async function readMedia(row: MediaRow): Promise<PublishFile> {
  return { name: row.name, mime: row.mime, data: await readFile(row.storageKey) };
}

/** The multipart limit: the largest file any post carries; a larger one arrives truncated and is refused. */
export const MEDIA_UPLOAD_MAX_BYTES = publishingLimits.videoMaxBytes;

/**
 * Takes a picture of an AI 图文 work into a post: copied under DATA_DIR/publishing, so the post keeps
 * it when the work is edited or deleted; it must be an image within the image limit like an upload.
 */
export async function importWorkImage(options: {
  db: Database;
  dataDir: string;
  userId: number;
  sourcePath: string;
}): Promise<MediaRow> {
  const folder = path.join(mediaRoot(options.dataDir), String(options.userId));
  await mkdir(folder, { recursive: true });
  const head = (await readFile(options.sourcePath)).subarray(0, 16);
  const sniffed = sniffMedia(head);
  const { size } = await stat(options.sourcePath);
  if (sniffed?.kind !== 'image') throw AppError.badRequest(publishingMessages.mediaType);
  if (size > publishingLimits.imageMaxBytes) throw AppError.badRequest(publishingMessages.imageTooLarge);
  const storageKey = path.resolve(folder, `${randomUUID()}.${sniffed.ext}`);
  await copyFile(options.sourcePath, storageKey);
  return repository.insertMedia(options.db, {
    userId: options.userId,
    kind: 'image',
    name: displayName(options.sourcePath),
    mime: sniffed.mime,
    size,
    storageKey,
  });
}
