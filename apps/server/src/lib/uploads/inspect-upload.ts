import type { ByteSource } from './byte-source';
import { looksLikeTar, readTarHeaders } from './tar-headers';
import type { UploadLimits } from './upload-limits';
import { uploadMessages } from './upload-limits';
import { isUnsafeEntryName, UploadRefusal } from './upload-refusal';
import { looksLikeZip, measureZipEntry, readZipDirectory, type ZipEntry } from './zip-directory';

/**
 * The upload guard: the one check every uploaded or imported file passes before a parser sees it (ARCHITECTURE.md,
 * Uploads and heavy parsing). It reads what the file declares — sizes, entry count, names, links — without unpacking,
 * and, with `measure`, inflates each zip entry as a stream to prove the declaration true. It throws `UploadRefusal`
 * with the message the user reads.
 */

/** How a file is packed: a zip (.xlsx, .zip), a tar, an OLE2 compound file (.xls), or neither (.csv, .jsonl). */
export type Container = 'zip' | 'tar' | 'cfb' | 'plain';

export interface Inspection {
  container: Container;
  /** Entries of a zip or tar; 0 for the others. */
  entries: number;
  /** What the file unpacks to: the sum of its entries, or its own size when it is not an archive. */
  unpackedBytes: number;
}

export interface InspectOptions {
  /** The size the client announced (a multipart part, a Content-Length); refused when over the limit or not met. */
  declaredBytes?: number;
  /** The containers the file's format allows (an .xlsx must be a zip); any when absent. */
  expect?: readonly Container[];
  /** Inflate every zip entry to check its declared size (in the parse worker; costs the time of one unpacking). */
  measure?: boolean;
}

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function containerOf(head: Buffer): Container {
  if (looksLikeZip(head)) return 'zip';
  if (head.subarray(0, 8).equals(CFB_MAGIC)) return 'cfb';
  if (looksLikeTar(head)) return 'tar';
  return 'plain';
}

export async function inspectUpload(
  source: ByteSource,
  limits: UploadLimits,
  options: InspectOptions = {},
): Promise<Inspection> {
  const { declaredBytes } = options;
  if (source.size > limits.maxBytes || (declaredBytes !== undefined && declaredBytes > limits.maxBytes)) {
    throw new UploadRefusal(limits.sizeMessage);
  }
  if (declaredBytes !== undefined && declaredBytes !== source.size) throw new UploadRefusal(uploadMessages.damaged);
  const container = containerOf(await source.read(0, 512));
  if (options.expect && !options.expect.includes(container)) throw new UploadRefusal(uploadMessages.damaged);
  if (container === 'zip') return inspectZip(source, limits, options.measure ?? false);
  if (container === 'tar') return inspectTar(source, limits);
  return { container, entries: 0, unpackedBytes: source.size };
}

async function inspectZip(source: ByteSource, limits: UploadLimits, measure: boolean): Promise<Inspection> {
  const entries = await readZipDirectory(source, limits.maxEntries);
  // Structure first, then sizes, then ratios: the message names the most basic thing wrong with the file.
  for (const entry of entries) {
    if (entry.isSymlink) throw new UploadRefusal(uploadMessages.link);
    if (isUnsafeEntryName(entry.name)) throw new UploadRefusal(uploadMessages.unsafePath);
    if (entry.isEncrypted) throw new UploadRefusal(uploadMessages.encrypted);
    if (!entry.isDirectory && entry.method !== 0 && entry.method !== 8) {
      throw new UploadRefusal(uploadMessages.unsupportedCompression);
    }
  }
  const unpackedBytes = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpackedBytes > limits.maxUnpackedBytes) throw new UploadRefusal(uploadMessages.unpackedTooLarge);
  const isInflated = (unpacked: number, packed: number) =>
    unpacked >= limits.ratioFloorBytes && unpacked > packed * limits.maxRatio;
  if (entries.some((entry) => isInflated(entry.uncompressedSize, entry.compressedSize))) {
    throw new UploadRefusal(uploadMessages.ratioTooHigh);
  }
  // Many small entries, each under the floor, can still add up to a bomb.
  if (isInflated(unpackedBytes, source.size)) throw new UploadRefusal(uploadMessages.ratioTooHigh);
  if (measure) await measureZip(source, entries);
  return { container: 'zip', entries: entries.length, unpackedBytes };
}

/** A directory that understates an entry is lying about the file: refused as damaged once the output passes it. */
async function measureZip(source: ByteSource, entries: ZipEntry[]) {
  for (const entry of entries) {
    if (entry.isDirectory) continue;
    try {
      await measureZipEntry(source, entry, entry.uncompressedSize);
    } catch (error) {
      throw error instanceof UploadRefusal ? new UploadRefusal(uploadMessages.damaged) : error;
    }
  }
}

/** Regular files, contiguous files and folders; links, devices and pipes are refused. */
const plainTarTypes = new Set(['0', '7', '5']);
const linkTarTypes = new Set(['1', '2', '3', '4', '6']);

async function inspectTar(source: ByteSource, limits: UploadLimits): Promise<Inspection> {
  const entries = await readTarHeaders(source, limits.maxEntries);
  for (const entry of entries) {
    if (linkTarTypes.has(entry.type)) throw new UploadRefusal(uploadMessages.link);
    if (!plainTarTypes.has(entry.type)) throw new UploadRefusal(uploadMessages.damaged);
    if (isUnsafeEntryName(entry.name)) throw new UploadRefusal(uploadMessages.unsafePath);
  }
  const unpackedBytes = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (unpackedBytes > limits.maxUnpackedBytes) throw new UploadRefusal(uploadMessages.unpackedTooLarge);
  return { container: 'tar', entries: entries.length, unpackedBytes };
}
