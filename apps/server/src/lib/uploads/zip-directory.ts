import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import type { ByteSource } from './byte-source';
import { uploadMessages } from './upload-limits';
import { decodeEntryName, UploadRefusal } from './upload-refusal';

/**
 * Reads a zip's central directory (APPNOTE 4.3.12–4.3.16, with ZIP64) without inflating anything: the guard needs
 * names, sizes and attributes, and nothing more. It is about a hundred lines of fixed offsets, so it is written here
 * rather than taken from a zip library (yauzl, fflate): the guard's one question — what does this file claim before
 * anything is unpacked — stays in plain sight, and the actual sizes are then measured by node:zlib itself.
 */

/** One entry as the central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  isDirectory: boolean;
  /** A Unix symlink (made on Unix, S_IFLNK in the external attributes). */
  isSymlink: boolean;
  isEncrypted: boolean;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const HOST_UNIX = 3;

/** True when the bytes start like a zip (an .xlsx, .docx or .zip): a local header, or the empty archive's EOCD. */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && (head.readUInt32LE(0) === LOCAL || head.readUInt32LE(0) === EOCD);
}

const damaged = () => new UploadRefusal(uploadMessages.damaged);

function readUInt64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

/**
 * The entries of a zip. Refuses (`UploadRefusal`) a file that is not a readable zip, and one that declares more than
 * `maxEntries` entries before walking them.
 */
export async function readZipDirectory(source: ByteSource, maxEntries: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(source.size, 22 + MAX_COMMENT + 20);
  const tail = await source.read(source.size - tailLength, tailLength);
  let eocd = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw damaged();
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const record = await source.read(readUInt64(tail, eocd - 20 + 8), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw damaged();
    count = readUInt64(record, 32);
    directorySize = readUInt64(record, 40);
    directoryOffset = readUInt64(record, 48);
  }
  if (count > maxEntries) throw new UploadRefusal(uploadMessages.tooManyEntries);
  if (directoryOffset + directorySize > source.size) throw damaged();
  const directory = await source.read(directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (entries.length < count) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL) throw damaged();
    const madeBy = directory.readUInt16LE(at + 4);
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const external = directory.readUInt32LE(at + 38);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw damaged();
    const name = decodeEntryName(directory.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    let uncompressedSize = directory.readUInt32LE(at + 24);
    let compressedSize = directory.readUInt32LE(at + 20);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    // ZIP64 extended information: only the fields whose 32-bit slot is saturated, in this order.
    const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let field = 0; field + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(field);
      const size = extra.readUInt16LE(field + 2);
      if (id === 0x0001) {
        let value = field + 4;
        const next = () => {
          if (value + 8 > field + 4 + size) throw damaged();
          const read = readUInt64(extra, value);
          value += 8;
          return read;
        };
        if (uncompressedSize === 0xffffffff) uncompressedSize = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
      }
      field += 4 + size;
    }
    entries.push({
      name,
      method: directory.readUInt16LE(at + 10),
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      isDirectory: name.endsWith('/'),
      isSymlink: madeBy >> 8 === HOST_UNIX && ((external >>> 16) & S_IFMT) === S_IFLNK,
      isEncrypted: (flags & 0x1) !== 0,
    });
    at = end;
  }
  return entries;
}

const CHUNK = 1024 * 1024;

/**
 * How many bytes an entry really unpacks to, inflating it as a stream and throwing the output away. Stops with
 * `UploadRefusal` as soon as the output passes `cap`: a zip whose directory understates its sizes is caught here,
 * before a parser trusts the directory.
 */
export async function measureZipEntry(source: ByteSource, entry: ZipEntry, cap: number): Promise<number> {
  const local = await source.read(entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw damaged();
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) throw damaged();
  if (entry.method === 0) {
    if (entry.compressedSize > cap) throw new UploadRefusal(uploadMessages.unpackedTooLarge);
    return entry.compressedSize;
  }
  async function* compressed() {
    for (let offset = 0; offset < entry.compressedSize; offset += CHUNK) {
      yield await source.read(start + offset, Math.min(CHUNK, entry.compressedSize - offset));
    }
  }
  let produced = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      produced += chunk.length;
      callback(produced > cap ? new UploadRefusal(uploadMessages.unpackedTooLarge) : null);
    },
  });
  try {
    await pipeline(compressed(), createInflateRaw(), counter);
  } catch (error) {
    throw error instanceof UploadRefusal ? error : damaged();
  }
  return produced;
}
