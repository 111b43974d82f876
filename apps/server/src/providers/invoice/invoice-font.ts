/*
 * The CJK font the sandbox draws invoices with. PDF's standard fonts have no Chinese glyphs, so a
 * font file must be on the machine: an explicit path (INVOICE_FONT_PATH), else the first of the usual
 * system locations. pdfkit embeds only the glyphs an invoice uses, so the file's size does not matter.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** What the user is told when no font can be found; the product turns it into an answer. */
export const INVOICE_FONT_MISSING_MESSAGE = '发票字体缺失，请安装中文字体（fonts-noto-cjk）或设置 INVOICE_FONT_PATH';

/** No usable CJK font: none installed, or the configured one is missing or not a font. */
export class InvoiceFontMissingError extends Error {
  override readonly name = 'InvoiceFontMissingError';
  /** What was tried and why it failed, for the log (the message is the user's). */
  readonly detail: string;

  constructor(detail: string) {
    super(INVOICE_FONT_MISSING_MESSAGE);
    this.detail = detail;
  }
}

/** A font file, and for a collection (.ttc) the PostScript name of the face to draw with. */
export interface InvoiceFont {
  path: string;
  family?: string;
}

/** Where CJK fonts are installed by the common packages, tried in order. */
export const SYSTEM_CJK_FONTS: readonly InvoiceFont[] = [
  // Debian / Ubuntu fonts-noto-cjk; the collection's faces are per region, SC is Simplified Chinese.
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
  // Noto CJK as other distributions lay it out (Arch noto-fonts-cjk, Fedora, Alpine).
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  // WenQuanYi (Debian fonts-wqy-microhei / fonts-wqy-zenhei); the face is chosen from the collection.
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc' },
  // Adobe Source Han Sans, the Simplified Chinese subset as a single OpenType file.
  { path: '/usr/share/fonts/adobe-source-han-sans/SourceHanSansCN-Regular.otf' },
  { path: '/usr/share/fonts/opentype/source-han-sans/SourceHanSansSC-Regular.otf' },
];

export interface FindInvoiceFontOptions {
  /** An explicit font file (INVOICE_FONT_PATH): used as is, never replaced by a system font. */
  fontPath?: string;
  /** The face of a collection to use; picked from the collection (Simplified Chinese first) when absent. */
  fontFamily?: string;
  /** The system locations searched without an explicit path; `[]` disables the search. */
  candidates?: readonly InvoiceFont[];
}

/**
 * Finds the font to draw with. An explicit path must be a readable font file (and name a face of it, for
 * a collection); otherwise the first usable candidate wins. Throws {@link InvoiceFontMissingError}.
 */
export function findInvoiceFont(options: FindInvoiceFontOptions = {}): InvoiceFont {
  if (options.fontPath) {
    const font: InvoiceFont = { path: options.fontPath };
    if (options.fontFamily) font.family = options.fontFamily;
    return checkFont(font);
  }
  const failures: string[] = [];
  for (const candidate of options.candidates ?? SYSTEM_CJK_FONTS) {
    try {
      return checkFont(candidate);
    } catch (error) {
      if (!(error instanceof InvoiceFontMissingError)) throw error;
      failures.push(error.detail);
    }
  }
  throw new InvoiceFontMissingError(
    failures.length === 0 ? 'no font path configured and the system search is disabled' : failures.join('; '),
  );
}

/** The container of a font file, read from its first four bytes. */
type FontFormat = 'collection' | 'single' | 'unknown';

function checkFont(font: InvoiceFont): InvoiceFont {
  let isFile = false;
  try {
    isFile = statSync(font.path).isFile();
  } catch {
    // Missing or unreadable: reported below like a directory.
  }
  if (!isFile) throw new InvoiceFontMissingError(`${font.path}: no such file`);
  const fd = openSync(font.path, 'r');
  try {
    const format = fontFormat(readAt(fd, 0, 4));
    if (format === 'unknown') {
      throw new InvoiceFontMissingError(`${font.path}: not a TrueType/OpenType font or collection`);
    }
    // A single font has one face; a family name would only make pdfkit look for a face that is not there.
    if (format === 'single') return { path: font.path };
    const faces = collectionFaces(fd);
    if (font.family) {
      if (!faces.includes(font.family)) {
        throw new InvoiceFontMissingError(`${font.path}: no face ${font.family} (has ${faces.join(', ')})`);
      }
      return { path: font.path, family: font.family };
    }
    const family = preferredFace(faces);
    if (!family) throw new InvoiceFontMissingError(`${font.path}: a collection without named faces`);
    return { path: font.path, family };
  } finally {
    closeSync(fd);
  }
}

function fontFormat(magic: Buffer): FontFormat {
  const tag = magic.toString('latin1');
  if (tag === 'ttcf') return 'collection';
  if (tag === 'OTTO' || tag === 'true' || (magic.length === 4 && magic.readUInt32BE(0) === 0x00010000)) {
    return 'single';
  }
  return 'unknown';
}

/** Simplified Chinese faces first (…sc-Regular, …SC-…, …CN-…), proportional before Mono, else the first face. */
export function preferredFace(faces: readonly string[]): string | undefined {
  const proportional = faces.filter((face) => !/mono/i.test(face));
  const pool = proportional.length > 0 ? proportional : faces;
  return pool.find((face) => /(?:sc|SC|CN)(?:-|$)/.test(face)) ?? pool[0];
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/**
 * The PostScript names (name ID 6) of the faces in a TrueType/OpenType collection, read from the
 * collection header and each face's `name` table without loading the whole file.
 */
function collectionFaces(fd: number): string[] {
  const header = readAt(fd, 0, 12);
  if (header.length < 12) return [];
  const count = Math.min(header.readUInt32BE(8), 64);
  const offsets = readAt(fd, 12, 4 * count);
  const faces: string[] = [];
  for (let index = 0; index + 4 <= offsets.length; index += 4) {
    const name = facePostScriptName(fd, offsets.readUInt32BE(index));
    if (name) faces.push(name);
  }
  return faces;
}

function facePostScriptName(fd: number, faceOffset: number): string | undefined {
  const sfnt = readAt(fd, faceOffset, 12);
  if (sfnt.length < 12) return undefined;
  const tableCount = sfnt.readUInt16BE(4);
  const directory = readAt(fd, faceOffset + 12, 16 * tableCount);
  for (let record = 0; record + 16 <= directory.length; record += 16) {
    if (directory.toString('latin1', record, record + 4) !== 'name') continue;
    const tableOffset = directory.readUInt32BE(record + 8);
    const tableLength = directory.readUInt32BE(record + 12);
    return postScriptNameOf(readAt(fd, tableOffset, Math.min(tableLength, 65_536)));
  }
  return undefined;
}

/** Name ID 6 from a `name` table: the Windows (UTF-16BE) record first, else the Macintosh (Roman) one. */
function postScriptNameOf(table: Buffer): string | undefined {
  if (table.length < 6) return undefined;
  const count = table.readUInt16BE(2);
  const stringsAt = table.readUInt16BE(4);
  let fallback: string | undefined;
  for (let index = 0; index < count; index += 1) {
    const at = 6 + 12 * index;
    if (at + 12 > table.length) break;
    const platform = table.readUInt16BE(at);
    const nameId = table.readUInt16BE(at + 6);
    if (nameId !== 6) continue;
    const length = table.readUInt16BE(at + 8);
    const start = stringsAt + table.readUInt16BE(at + 10);
    const bytes = table.subarray(start, start + length);
    if ((platform === 3 || platform === 0) && bytes.length % 2 === 0)
      return Buffer.from(bytes).swap16().toString('utf16le');
    if (platform === 1) fallback ??= bytes.toString('latin1');
  }
  return fallback;
}
