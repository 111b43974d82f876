/*
 * A small PDF reader for pdfkit's output, for tests of what a generated PDF says: objects through the
 * xref table, streams inflated, text decoded through each font's ToUnicode CMap, document information
 * strings decoded from PDFDocEncoding/UTF-16.
 */
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const table = /^xref\s+0 (\d+)\s+/.exec(text.slice(startxref));
  if (!table) throw new Error('no xref table');
  const count = Number(table[1]);
  const entriesAt = startxref + table[0].length;
  const objects = new Map<number, PdfObject>();
  for (let id = 1; id < count; id += 1) {
    const entry = text.slice(entriesAt + id * 20, entriesAt + id * 20 + 20);
    const offset = Number(entry.slice(0, 10));
    const header = `${id} 0 obj\n`;
    expect(text.slice(offset, offset + header.length)).toBe(header);
    const start = offset + header.length;
    const streamAt = text.indexOf('\nstream\n', start);
    const endAt = text.indexOf('\nendobj', start);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(streamAt + 8, streamAt + 8 + length);
      objects.set(id, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
    } else {
      objects.set(id, { dict: text.slice(start, endAt) });
    }
  }
  return objects;
}

function ref(dict: string, key: string): number {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  if (!match) throw new Error(`no /${key} in ${dict}`);
  return Number(match[1]);
}

function utf16be(hex: string): string {
  return Buffer.from(hex, 'hex').swap16().toString('utf16le');
}

/** Glyph id → text, from a ToUnicode CMap's bfchar and bfrange sections. */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, code, unicode] of cmap.matchAll(/^<([0-9a-f]+)> <([0-9a-f]+)>$/gim)) {
    map.set(Number.parseInt(code ?? '', 16), utf16be(unicode ?? ''));
  }
  for (const [, low, , values] of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const first = Number.parseInt(low ?? '', 16);
    [...(values ?? '').matchAll(/<([0-9a-f]+)>/gi)].forEach((value, index) => {
      map.set(first + index, utf16be(value[1] ?? ''));
    });
  }
  return map;
}

export interface ReadPdf {
  /** One entry per text-showing operator, in drawing order. */
  lines: string[];
  text: string;
  info: Record<string, string>;
  /** BaseFont of every embedded font. */
  fonts: string[];
  cmaps: Map<number, string>[];
  /** The number of pages. */
  pages: number;
}

function decodeLiteral(literal: string): string {
  const bytes: number[] = [];
  for (let i = 1; i < literal.length - 1; i += 1) {
    const char = literal[i] ?? '';
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0));
      continue;
    }
    i += 1;
    const next = literal[i] ?? '';
    const octal = /^[0-7]{1,3}/.exec(literal.slice(i, i + 3));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += octal[0].length - 1;
    } else {
      const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
      bytes.push(escapes[next] ?? next.charCodeAt(0));
    }
  }
  const buffer = Buffer.from(bytes);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return buffer.subarray(2).swap16().toString('utf16le');
  return buffer.toString('latin1');
}

export function readPdf(pdf: Buffer): ReadPdf {
  const objects = readObjects(pdf);
  const text = pdf.toString('latin1');
  const get = (id: number) => {
    const object = objects.get(id);
    if (!object) throw new Error(`no object ${id}`);
    return object;
  };

  const info: Record<string, string> = {};
  const infoDict = get(ref(text.slice(text.lastIndexOf('trailer')), 'Info')).dict;
  for (const [, key, id] of infoDict.matchAll(/\/(\w+) (\d+) 0 R/g)) {
    info[key ?? ''] = decodeLiteral(get(Number(id)).dict.trim());
  }

  const fonts: string[] = [];
  const cmaps: Map<number, string>[] = [];
  const lines: string[] = [];
  let pages = 0;
  for (const page of objects.values()) {
    if (!/\/Type \/Page\n/.test(page.dict)) continue;
    pages += 1;
    const resources = get(ref(page.dict, 'Resources')).dict;
    const fontBlock = /\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '';
    const cmapByName = new Map<string, Map<number, string>>();
    for (const [, name, id] of fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = get(Number(id)).dict;
      fonts.push(/\/BaseFont \/(\S+)/.exec(font)?.[1] ?? '');
      const cmap = parseCmap(get(ref(font, 'ToUnicode')).stream?.toString('latin1') ?? '');
      cmaps.push(cmap);
      cmapByName.set(name ?? '', cmap);
    }
    const content = get(ref(page.dict, 'Contents')).stream?.toString('latin1') ?? '';
    let cmap: Map<number, string> | undefined;
    for (const match of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (match[1]) {
        cmap = cmapByName.get(match[1]);
        continue;
      }
      const glyphs = [...(match[2] ?? '').matchAll(/<([0-9a-f]*)>/gi)].flatMap((hex) =>
        (hex[1]?.match(/.{4}/g) ?? []).map((code) => Number.parseInt(code, 16)),
      );
      lines.push(glyphs.map((glyph) => cmap?.get(glyph) ?? '\uFFFD').join(''));
    }
  }
  return { lines, text: lines.join('\n'), info, fonts, cmaps, pages };
}
