import type { ByteSource } from './byte-source';
import { uploadMessages } from './upload-limits';
import { decodeEntryName, UploadRefusal } from './upload-refusal';

/**
 * Walks a tar's 512-byte headers (ustar, with GNU long names and pax `path`), skipping the data: a tar is not
 * compressed, so what the headers declare is what unpacking writes, and the walk proves the sizes fit the file.
 */

export interface TarEntry {
  name: string;
  size: number;
  /** '0' file, '5' folder; '1'/'2' links and '3','4','6' devices and pipes are kept so the guard can refuse them. */
  type: string;
  /** Where the entry's bytes start in the file (a tar stores them as they are). */
  dataOffset: number;
}

const BLOCK = 512;
const damaged = () => new UploadRefusal(uploadMessages.damaged);

function field(header: Buffer, offset: number, length: number): Buffer {
  const slice = header.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return end < 0 ? slice : slice.subarray(0, end);
}

/** An octal size, or GNU's base-256 form for sizes past 8 GB. */
function readSize(header: Buffer): number {
  if (header[124]! & 0x80) {
    let value = 0;
    for (let at = 125; at < 136; at++) value = value * 256 + header[at]!;
    return value;
  }
  const text = field(header, 124, 12).toString('latin1').trim();
  if (!/^[0-7]*$/.test(text)) throw damaged();
  return text ? Number.parseInt(text, 8) : 0;
}

/** The header checksum: every byte summed with the checksum field counted as spaces. */
function hasValidChecksum(header: Buffer): boolean {
  const stored = Number.parseInt(field(header, 148, 8).toString('latin1').trim(), 8);
  let sum = 0;
  for (let at = 0; at < BLOCK; at++) sum += at >= 148 && at < 156 ? 0x20 : header[at]!;
  return sum === stored;
}

/** True when the first header block carries the ustar magic (POSIX and GNU tars both do). */
export function looksLikeTar(head: Buffer): boolean {
  return head.length >= 263 && head.subarray(257, 262).toString('latin1') === 'ustar';
}

function paxPath(data: Buffer): string | null {
  // Records are "<length> <key>=<value>\n".
  const text = data.toString('utf8');
  for (const record of text.split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1]!;
  }
  return null;
}

/** The entries of a tar; refuses one that declares more than `maxEntries` or whose headers do not add up. */
export async function readTarHeaders(source: ByteSource, maxEntries: number): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  let offset = 0;
  let longName: string | null = null;
  while (offset + BLOCK <= source.size) {
    const header = await source.read(offset, BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    if (!hasValidChecksum(header)) throw damaged();
    const size = readSize(header);
    const type = String.fromCharCode(header[156]! || 0x30);
    const dataStart = offset + BLOCK;
    if (dataStart + size > source.size) throw damaged();
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    // Meta entries name the next entry; they are bounded because the next header must still fit the file.
    if (type === 'L' || type === 'x') {
      if (size > 64 * 1024) throw damaged();
      const data = await source.read(dataStart, size);
      longName = type === 'L' ? decodeEntryName(field(data, 0, size), false) : (paxPath(data) ?? longName);
      continue;
    }
    if (type === 'g' || type === 'K') continue;
    const prefix = field(header, 345, 155);
    const ownName = decodeEntryName(
      prefix.length ? Buffer.concat([prefix, Buffer.from('/'), field(header, 0, 100)]) : field(header, 0, 100),
      false,
    );
    entries.push({ name: longName ?? ownName, size, type, dataOffset: dataStart });
    longName = null;
    if (entries.length > maxEntries) throw new UploadRefusal(uploadMessages.tooManyEntries);
  }
  // No end-of-archive blocks: a truncated upload.
  throw damaged();
}
