/** One entry of a zip as it is written: its bytes already stored or deflated. */
export interface ZipEntry {
  name: string;
  /** The bytes as they go in the archive. */
  packed: Buffer;
  /** 0: stored as they are; 8: deflated. */
  method: 0 | 8;
  /** CRC-32 of the unpacked bytes. */
  crc: number;
  /** What the entry unpacks to, as the headers say it. */
  size: number;
  /** The DOS modification date of both headers; 0 unless given. */
  dosDate?: number;
  /** A Unix symlink (made on Unix, S_IFLNK in the external attributes). */
  symlink?: boolean;
}

/**
 * The fields the local header and the central directory header both carry, in the same order from
 * "version needed" (APPNOTE 4.3.7 and 4.3.12): version 2.0, the UTF-8 name flag, method, time (0), date,
 * CRC-32, packed and unpacked sizes, and the name's length.
 */
function writeEntryFields(header: Buffer, start: number, entry: ZipEntry, dosDate: number, nameLength: number) {
  header.writeUInt16LE(20, start);
  header.writeUInt16LE(0x800, start + 2);
  header.writeUInt16LE(entry.method, start + 4);
  header.writeUInt16LE(dosDate, start + 8);
  header.writeUInt32LE(entry.crc, start + 10);
  header.writeUInt32LE(entry.packed.length, start + 14);
  header.writeUInt32LE(entry.size, start + 18);
  header.writeUInt16LE(nameLength, start + 22);
}

/**
 * A zip of the entries, names flagged UTF-8 so Chinese names survive; no ZIP64, so for archives of a few
 * megabytes (a work's download, the upload guard's test files).
 */
export function zipOfEntries(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const dosDate = entry.dosDate ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry, dosDate, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.symlink ? (3 << 8) | 20 : 20, 4);
    writeEntryFields(central, 6, entry, dosDate, name.length);
    central.writeUInt32LE(entry.symlink ? (0o120777 << 16) >>> 0 : 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.packed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
