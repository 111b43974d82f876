import { crc32 } from 'node:zlib';
import { zipOfEntries } from '../../lib/zip-writer';

/**
 * A zip of a work's files for download: entries stored as they are (pictures are compressed already),
 * names flagged UTF-8 so Chinese titles survive, no ZIP64 (a work is a few megabytes).
 */
export function zipOfFiles(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  return zipOfEntries(
    files.map((file) => ({
      name: file.name,
      packed: file.data,
      method: 0,
      crc: crc32(file.data),
      size: file.data.length,
    })),
  );
}
