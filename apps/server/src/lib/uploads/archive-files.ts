import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import type { ByteSource } from './byte-source';
import { inspectUpload } from './inspect-upload';
import { readTarHeaders } from './tar-headers';
import type { UploadLimits } from './upload-limits';
import { uploadMessages } from './upload-limits';
import { entryPath, UploadRefusal } from './upload-refusal';
import { readZipDirectory } from './zip-directory';

/** Inflates on libuv's pool, off the event loop. */
const inflate = promisify(inflateRaw);

/**
 * The files of a .zip or .tar that passed the guard, for features that unpack an archive (the AI 图文
 * works upload): each regular file's name and size, and a reader of its bytes. The guard runs first
 * (sizes, entry count, ratio, absolute paths, `..`, links), so nothing here trusts the archive more
 * than it has proven; each read is capped again at the size the entry declared. Names are given as the paths they
 * unpack to (`./作品/1.png` is `作品/1.png`).
 */
export interface ArchiveFile {
  /** The path inside the archive, with `/` separators. */
  name: string;
  size: number;
  read(): Promise<Buffer>;
}

export async function listArchiveFiles(source: ByteSource, limits: UploadLimits): Promise<ArchiveFile[]> {
  const inspection = await inspectUpload(source, limits, { expect: ['zip', 'tar'], measure: true });
  if (inspection.container === 'tar') {
    const entries = await readTarHeaders(source, limits.maxEntries);
    return entries
      .filter((entry) => entry.type === '0' || entry.type === '7')
      .map((entry) => ({
        name: entryPath(entry.name),
        size: entry.size,
        read: () => source.read(entry.dataOffset, entry.size),
      }));
  }
  const entries = await readZipDirectory(source, limits.maxEntries);
  return entries
    .filter((entry) => !entry.isDirectory)
    .map((entry) => ({
      name: entryPath(entry.name),
      size: entry.uncompressedSize,
      read: async () => {
        const local = await source.read(entry.localHeaderOffset, 30);
        const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
        const packed = await source.read(start, entry.compressedSize);
        if (entry.method === 0) return packed;
        try {
          // measured by the guard: the output is the declared size, and the cap keeps it so
          return await inflate(packed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
        } catch {
          throw new UploadRefusal(uploadMessages.damaged);
        }
      },
    }));
}
