import { constants, crc32, deflateRawSync } from 'node:zlib';
import { zipOfEntries } from '../zip-writer';

/**
 * Builders of zips, tars and workbooks for the guard's tests and the import benchmark, bombs included. A bomb stays
 * light to build: one megabyte of its content is deflated once with a full flush (which forgets the history, so the
 * compressed block stands alone) and repeated, so a 300 MB sheet costs a few hundred kilobytes and no 300 MB buffer.
 */

export interface ZipSpec {
  name: string;
  /** The entry's bytes. */
  data?: Buffer | string;
  /** Or: `repeat` copies of this megabyte-sized block, between `head` and `tail` (a bomb). */
  block?: { head: string; body: Buffer; repeat: number; tail: string };
  /** What the directory claims the entry unpacks to, when it should lie. */
  declaredSize?: number;
  /** A Unix symlink whose target is `data`. */
  symlink?: boolean;
}

function deflated(spec: ZipSpec): { packed: Buffer; size: number; crc: number } {
  if (spec.block) {
    const { head, body, repeat, tail } = spec.block;
    const flush = { finishFlush: constants.Z_FULL_FLUSH };
    const repeated = deflateRawSync(body, flush);
    const parts = [deflateRawSync(Buffer.from(head), flush)];
    let crc = crc32(head);
    for (let copy = 0; copy < repeat; copy++) {
      parts.push(repeated);
      crc = crc32(body, crc);
    }
    parts.push(deflateRawSync(Buffer.from(tail)));
    crc = crc32(tail, crc);
    return { packed: Buffer.concat(parts), size: head.length + body.length * repeat + tail.length, crc };
  }
  const data = Buffer.from(spec.data ?? '');
  return { packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/** A zip of deflated entries (symlinks stored), names flagged UTF-8, dated 1980-01-01. */
export function zipOf(specs: ZipSpec[]): Buffer {
  return zipOfEntries(
    specs.map((spec) => {
      const symlink = spec.symlink === true;
      const { packed, size, crc } = symlink
        ? {
            packed: Buffer.from(spec.data ?? ''),
            size: Buffer.byteLength(spec.data ?? ''),
            crc: crc32(spec.data ?? ''),
          }
        : deflated(spec);
      return {
        name: spec.name,
        packed,
        method: symlink ? 0 : 8,
        crc,
        size: spec.declaredSize ?? size,
        dosDate: 0x21,
        symlink,
      };
    }),
  );
}

export interface TarSpec {
  name: string;
  data?: Buffer | string;
  /** '0' file (default), '2' symlink, '1' hard link, '5' folder. */
  type?: string;
  linkName?: string;
}

/** A POSIX ustar archive. */
export function tarOf(specs: TarSpec[]): Buffer {
  const blocks: Buffer[] = [];
  for (const spec of specs) {
    const data = Buffer.from(spec.data ?? '');
    const header = Buffer.alloc(512);
    header.write(spec.name, 0, 100, 'utf8');
    header.write('0000644\0', 100, 'latin1');
    header.write('0000000\0', 108, 'latin1');
    header.write('0000000\0', 116, 'latin1');
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    header.write('00000000000\0', 136, 'latin1');
    header.write(spec.type ?? '0', 156, 'latin1');
    header.write(spec.linkName ?? '', 157, 100, 'utf8');
    header.write('ustar\0', 257, 'latin1');
    header.write('00', 263, 'latin1');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

const workbookParts: ZipSpec[] = [
  {
    name: '[Content_Types].xml',
    data:
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  },
  {
    name: '_rels/.rels',
    data:
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  },
  {
    name: 'xl/workbook.xml',
    data:
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
      '<sheet name="keywords" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data:
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '</Relationships>',
  },
];

/**
 * An .xlsx whose one sheet is `megabytes` MB of numeric rows: a megabyte-sized run of rows repeated, as a workbook
 * bomb is (the incident's: 1 MB packed, 300 MB unpacked). With `declaredSize` the directory understates the sheet.
 */
export function workbookBomb(megabytes: number, options: { declaredSize?: number } = {}): Buffer {
  const row = '<row><c><v>1</v></c><c><v>2</v></c><c><v>3</v></c></row>';
  const body = Buffer.from(row.repeat(Math.floor((1024 * 1024) / row.length)));
  const sheet: ZipSpec = {
    name: 'xl/worksheets/sheet1.xml',
    block: {
      head: '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      body,
      repeat: megabytes,
      tail: '</sheetData></worksheet>',
    },
    ...(options.declaredSize !== undefined ? { declaredSize: options.declaredSize } : {}),
  };
  return zipOf([...workbookParts, sheet]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An .xlsx of these rows (text as inline strings, numbers as numbers), deflated by zlib as Excel would rather than
 * by SheetJS's writer, which packs a 200,000-row sheet about three times looser than Excel and takes a minute to.
 */
export function workbookOf(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): Buffer {
  const parts: string[] = [];
  const column = (index: number) =>
    index < 26
      ? String.fromCharCode(65 + index)
      : `${String.fromCharCode(64 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
  rows.forEach((cells, rowIndex) => {
    const row = rowIndex + 1;
    parts.push(`<row r="${row}">`);
    cells.forEach((cell, index) => {
      const ref = `${column(index)}${row}`;
      if (typeof cell === 'number') parts.push(`<c r="${ref}"><v>${cell}</v></c>`);
      else if (cell) parts.push(`<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`);
    });
    parts.push('</row>');
  });
  const sheet =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetData>${parts.join('')}</sheetData></worksheet>`;
  return zipOf([...workbookParts, { name: 'xl/worksheets/sheet1.xml', data: sheet }]);
}
