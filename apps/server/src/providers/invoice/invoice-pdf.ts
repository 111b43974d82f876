/// <reference path="./pdfkit.d.ts" />
/*
 * Draws a 数电发票 (全电发票) look-alike with pdfkit: title and number block, buyer and seller, the
 * item table, 价税合计 in capitals and figures, 备注 and 开票人, stamped everywhere as a sandbox sample
 * so it can never pass for a real invoice. Amounts arrive tax-inclusive in fen.
 */
import { toShanghaiClock } from '@dso/domain';
import type PDFDocument from 'pdfkit';
import { type InvoiceRequest, type InvoiceSeller, splitTax, VAT_RATE_PERCENT } from './index';
import { type InvoiceFont, InvoiceFontMissingError } from './invoice-font';

/** The banner and watermark of every sandbox invoice. */
export const SANDBOX_MARK = '沙盒样张 · 无效发票';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];
/** Capitals are written up to 9999亿 (< 1万亿) yuan; invoices never come near it. */
const MAX_CAPITALS_FEN = 1e14 - 1;

/** 1–9999 in capitals, one 零 for any run of inner zeros: 1005 → 壹仟零伍, 1050 → 壹仟零伍拾. */
function groupCapitals(value: number): string {
  let text = '';
  let zeroPending = false;
  for (let place = 3; place >= 0; place -= 1) {
    const digit = Math.floor(value / 10 ** place) % 10;
    if (digit === 0) {
      zeroPending = text !== '';
      continue;
    }
    if (zeroPending) text += '零';
    zeroPending = false;
    text += `${DIGITS[digit]}${PLACES[place]}`;
  }
  return text;
}

/** Whole yuan in capitals, '' for zero: 100000 → 壹拾万, 100000001 → 壹亿零壹, 101000 → 壹拾万壹仟. */
function yuanCapitals(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  let text = '';
  let zeroPending = false;
  for (let index = groups.length - 1; index >= 0; index -= 1) {
    const value = groups[index] ?? 0;
    if (value === 0) {
      zeroPending ||= text !== '';
      continue;
    }
    // A gap before this group (an empty group, or fewer than four digits in it) reads as one 零.
    if (text !== '' && (zeroPending || value < 1000)) text += '零';
    text += `${groupCapitals(value)}${GROUPS[index]}`;
    zeroPending = false;
  }
  return text;
}

/**
 * 价税合计（大写）: fen in Chinese financial capitals, as the bank and tax rules write them.
 * 1. Whole yuan end in 圆整: 0 → 零圆整, 100 → 壹圆整, 139900 → 壹仟叁佰玖拾玖圆整, 10000000 → 壹拾万圆整.
 * 2. Inner zeros read as one 零 (壹仟零伍圆), trailing zeros are silent (壹拾万圆).
 * 3. 角 and 分 follow without 整; a 分 after a zero 角 takes 零: 1005 → 壹拾圆零伍分, 100000005 → 壹佰万圆零伍分,
 *    5005 → 伍拾圆零伍分; under one yuan only the small units: 5 → 伍分, 50 → 伍角.
 * 4. Negative amounts (red-letter invoices) take 负 in front.
 */
export function amountInChineseCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || Math.abs(fen) > MAX_CAPITALS_FEN) {
    throw new RangeError(`cannot write ${fen} fen in capitals`);
  }
  if (fen < 0) return `负${amountInChineseCapitals(-fen)}`;
  const yuan = yuanCapitals(Math.floor(fen / 100));
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (jiao === 0 && cents === 0) return `${yuan || '零'}圆整`;
  let text = yuan ? `${yuan}圆` : '';
  if (jiao > 0) text += `${DIGITS[jiao]}角`;
  else if (yuan) text += '零';
  if (cents > 0) text += `${DIGITS[cents]}分`;
  return text;
}

/** Fen as yuan with thousands separators and two decimals: 139900 → '1,399.00', -5 → '-0.05'. */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** 开票日期 as printed, in Shanghai time: '2025年01月02日'. */
export function formatInvoiceDate(at: Date): string {
  const clock = toShanghaiClock(at.getTime());
  const two = (value: number) => String(value).padStart(2, '0');
  return `${clock.year}年${two(clock.month)}月${two(clock.day)}日`;
}

/** The printed title of each kind. */
export function invoiceTitle(kind: InvoiceRequest['kind']): string {
  return kind === 'special' ? '电子发票（增值税专用发票）' : '电子发票（普通发票）';
}

/** Everything printed on one invoice. */
export interface InvoicePdfInput {
  /** The buyer and the lines; for a red-letter invoice, the original request (amounts are negated). */
  request: InvoiceRequest;
  seller: InvoiceSeller;
  invoiceNo: string;
  issuedAt: Date;
  /** 开票人. */
  drawer: string;
  /** Present for a red-letter invoice: the number it cancels and why. */
  red?: { originalNo: string; reason: string };
  font: InvoiceFont;
  /** Deflate streams (default true); false leaves text operators readable for inspection. */
  compress?: boolean;
}

// Colours of a 数电发票: a brown-red frame and labels, black values; the sandbox marks are red.
const FRAME = '#a0522d';
const VALUE = '#111111';
const MARK = '#d0191f';

const PAGE_WIDTH = 683; // 241 mm, the width of a 数电发票
const LEFT = 24;
const RIGHT = PAGE_WIDTH - 24;
const FRAME_WIDTH = RIGHT - LEFT;
const SIDE_LABEL = 20; // the narrow column holding 购买方信息 / 销售方信息 / 备注 vertically
const HEADER_BOTTOM = 100;
const TABLE_HEAD = 20;
const LINE_ROW = 18;
const TOTAL_ROW = 20;
const CAPITALS_ROW = 26;
const CAPITALS_LABEL = 110;
const REMARK_MIN = 44;
const FOOTER = 32;

/** Item table columns (widths add up to the frame width). */
const COLUMNS = [
  { title: '项目名称', width: 195, align: 'left' },
  { title: '规格型号', width: 65, align: 'center' },
  { title: '单位', width: 40, align: 'center' },
  { title: '数量', width: 45, align: 'center' },
  { title: '单价', width: 85, align: 'right' },
  { title: '金额', width: 85, align: 'right' },
  { title: '税率/征收率', width: 55, align: 'center' },
  { title: '税额', width: 65, align: 'right' },
] as const;

type Align = 'left' | 'center' | 'right';

/** Renders the invoice and resolves with the PDF bytes. Same input, same bytes. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  // pdfkit (with fontkit) is about 22 MB of resident memory: loaded at the first PDF, not at start-up.
  const { default: PDFDocumentClass } = await import('pdfkit');
  const { request, red } = input;
  const sign = red ? -1 : 1;
  const lines = request.lines.map((line) => {
    const totalFen = sign * line.amountFen;
    return { name: line.name, totalFen, ...splitTax(totalFen) };
  });
  const isSpecial = request.kind === 'special';
  const partyHeight = isSpecial ? 84 : 60;
  const remarks = remarkText(input);

  const title = invoiceTitle(request.kind);
  const doc = new PDFDocumentClass({
    // The page is as tall as its content, known only once the remark is measured with the font.
    autoFirstPage: false,
    compress: input.compress ?? true,
    pdfVersion: '1.7',
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: `${red ? '红字' : ''}${title} ${input.invoiceNo}`,
      Subject: `${SANDBOX_MARK}（DSO 沙盒开具，不具有法律效力）`,
      Author: input.seller.name,
      Keywords: `发票号码 ${input.invoiceNo}`,
      Creator: 'DSO invoice sandbox',
      // Fixed dates (pdfkit would stamp "now") make the file, and its /ID, a function of the input.
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useFont(doc, input.font);

  doc.fontSize(8.5);
  const remarkWidth = FRAME_WIDTH - SIDE_LABEL - 12;
  const remarkHeight = Math.max(REMARK_MIN, doc.heightOfString(remarks, { width: remarkWidth, lineGap: 2 }) + 12);
  const tableHeight = TABLE_HEAD + lines.length * LINE_ROW + TOTAL_ROW;
  const frameBottom = HEADER_BOTTOM + partyHeight + tableHeight + CAPITALS_ROW + remarkHeight;
  const pageHeight = Math.ceil(frameBottom + FOOTER);
  doc.addPage({ size: [PAGE_WIDTH, pageHeight], margin: 0 });

  drawBanner(doc);
  drawHeader(doc, input, title);

  // The frame and its horizontal rules.
  const partyTop = HEADER_BOTTOM;
  const tableTop = partyTop + partyHeight;
  const capitalsTop = tableTop + tableHeight;
  const remarkTop = capitalsTop + CAPITALS_ROW;
  doc.lineWidth(0.8).strokeColor(FRAME);
  doc.rect(LEFT, partyTop, FRAME_WIDTH, frameBottom - partyTop).stroke();
  for (const y of [tableTop, capitalsTop, remarkTop]) hLine(doc, LEFT, RIGHT, y);

  // Buyer and seller.
  const half = FRAME_WIDTH / 2;
  vLine(doc, LEFT + SIDE_LABEL, partyTop, tableTop);
  vLine(doc, LEFT + half, partyTop, tableTop);
  vLine(doc, LEFT + half + SIDE_LABEL, partyTop, tableTop);
  verticalLabel(doc, '购买方信息', LEFT, partyTop, partyHeight);
  verticalLabel(doc, '销售方信息', LEFT + half, partyTop, partyHeight);
  const buyerFields: [string, string][] = [
    ['名称：', request.title],
    ['统一社会信用代码/纳税人识别号：', request.taxNo ?? ''],
  ];
  const sellerFields: [string, string][] = [
    ['名称：', input.seller.name],
    ['统一社会信用代码/纳税人识别号：', input.seller.taxNo],
  ];
  if (isSpecial) {
    buyerFields.push(
      ['地址、电话：', joinFields(request.address, request.phone)],
      ['开户行及账号：', joinFields(request.bankName, request.bankAccount)],
    );
    sellerFields.push(
      ['地址、电话：', joinFields(input.seller.address, input.seller.phone)],
      ['开户行及账号：', input.seller.bank],
    );
  }
  const fieldWidth = half - SIDE_LABEL - 12;
  drawFields(doc, buyerFields, LEFT + SIDE_LABEL + 6, partyTop, fieldWidth, partyHeight);
  drawFields(doc, sellerFields, LEFT + half + SIDE_LABEL + 6, partyTop, fieldWidth, partyHeight);

  // The item table: column titles, one row per order, then 合计.
  let x = LEFT;
  for (const column of COLUMNS) {
    cellText(doc, column.title, x, tableTop, column.width, TABLE_HEAD, { size: 9, color: FRAME, align: 'center' });
    x += column.width;
  }
  lines.forEach((line, index) => {
    const top = tableTop + TABLE_HEAD + index * LINE_ROW;
    const values = [
      line.name,
      '',
      '',
      String(sign),
      formatYuan(Math.abs(line.amountFen)),
      formatYuan(line.amountFen),
      `${VAT_RATE_PERCENT}%`,
      formatYuan(line.taxFen),
    ];
    let left = LEFT;
    COLUMNS.forEach((column, col) => {
      cellText(doc, values[col] ?? '', left, top, column.width, LINE_ROW, {
        size: 9,
        color: VALUE,
        align: column.align,
      });
      left += column.width;
    });
  });
  const amountSum = lines.reduce((sum, line) => sum + line.amountFen, 0);
  const taxSum = lines.reduce((sum, line) => sum + line.taxFen, 0);
  const totalSum = lines.reduce((sum, line) => sum + line.totalFen, 0);
  const totalTop = capitalsTop - TOTAL_ROW;
  cellText(doc, '合　　计', LEFT, totalTop, COLUMNS[0].width, TOTAL_ROW, { size: 9, color: FRAME, align: 'center' });
  const amountLeft = LEFT + COLUMNS.slice(0, 5).reduce((sum, column) => sum + column.width, 0);
  cellText(doc, `¥${formatYuan(amountSum)}`, amountLeft, totalTop, COLUMNS[5].width, TOTAL_ROW, {
    size: 9,
    color: VALUE,
    align: 'right',
  });
  cellText(doc, `¥${formatYuan(taxSum)}`, RIGHT - COLUMNS[7].width, totalTop, COLUMNS[7].width, TOTAL_ROW, {
    size: 9,
    color: VALUE,
    align: 'right',
  });

  // 价税合计: capitals and figures.
  vLine(doc, LEFT + CAPITALS_LABEL, capitalsTop, remarkTop);
  cellText(doc, '价税合计（大写）', LEFT, capitalsTop, CAPITALS_LABEL, CAPITALS_ROW, {
    size: 9,
    color: FRAME,
    align: 'center',
  });
  const capitalsLeft = LEFT + CAPITALS_LABEL + 10;
  circledCross(doc, capitalsLeft + 5, capitalsTop + CAPITALS_ROW / 2);
  const capitals = red ? `（负数）${amountInChineseCapitals(-totalSum)}` : amountInChineseCapitals(totalSum);
  cellText(doc, capitals, capitalsLeft + 14, capitalsTop, 300, CAPITALS_ROW, { size: 10, color: VALUE, align: 'left' });
  cellText(doc, '（小写）', RIGHT - 170, capitalsTop, 50, CAPITALS_ROW, { size: 9, color: FRAME, align: 'left' });
  cellText(doc, `¥${formatYuan(totalSum)}`, RIGHT - 120, capitalsTop, 112, CAPITALS_ROW, {
    size: 10,
    color: VALUE,
    align: 'left',
  });

  // 备注.
  vLine(doc, LEFT + SIDE_LABEL, remarkTop, frameBottom);
  verticalLabel(doc, '备注', LEFT, remarkTop, remarkHeight);
  doc
    .fontSize(8.5)
    .fillColor(red ? MARK : VALUE)
    .text(remarks, LEFT + SIDE_LABEL + 6, remarkTop + 6, { width: remarkWidth, lineGap: 2 });

  cellText(doc, `开票人：${input.drawer}`, LEFT + 8, frameBottom + 4, 200, 20, {
    size: 9,
    color: FRAME,
    align: 'left',
  });
  cellText(doc, 'DSO 沙盒开具 · 仅供测试', RIGHT - 200, frameBottom + 4, 200, 20, {
    size: 8,
    color: MARK,
    align: 'right',
  });

  drawWatermark(doc, pageHeight);
  doc.end();
  return done;
}

/** Selects the CJK font and makes sure it really has Chinese glyphs (a Latin-only INVOICE_FONT_PATH would print boxes). */
function useFont(doc: PDFDocument, font: InvoiceFont): void {
  try {
    doc.font(font.path, font.family);
  } catch (error) {
    throw new InvoiceFontMissingError(`${font.path}: pdfkit cannot load it (${(error as Error).message})`);
  }
  const face = doc._font?.font;
  if (face && !face.hasGlyphForCodePoint('票'.codePointAt(0) ?? 0)) {
    throw new InvoiceFontMissingError(`${font.path}: the font has no Chinese glyphs`);
  }
}

function remarkText(input: InvoicePdfInput): string {
  const parts: string[] = [];
  if (input.red) {
    parts.push(`被红冲蓝字发票号码：${input.red.originalNo}`, `红冲原因：${input.red.reason}`);
  }
  parts.push(`订单号：${input.request.lines.map((line) => line.orderId).join('、')}`);
  parts.push(`${SANDBOX_MARK}：本票据由 DSO 沙盒生成，仅供开发测试，不能用于报销、抵扣或记账。`);
  return parts.join('\n');
}

function drawBanner(doc: PDFDocument): void {
  doc.lineWidth(0.8).roundedRect(LEFT, 10, FRAME_WIDTH, 20, 3).fillAndStroke('#fdecec', MARK);
  cellText(
    doc,
    `${SANDBOX_MARK}　本发票由 DSO 沙盒开具，不具有法律效力，不能用于报销或抵扣`,
    LEFT,
    10,
    FRAME_WIDTH,
    20,
    {
      size: 9,
      color: MARK,
      align: 'center',
    },
  );
}

function drawHeader(doc: PDFDocument, input: InvoicePdfInput, title: string): void {
  const labelLeft = RIGHT - 170;
  // The title is centred on the page and must stay clear of the number block on its right.
  const titleRoom = 2 * (labelLeft - 12 - PAGE_WIDTH / 2);
  const spacing = { characterSpacing: 2 };
  let size = 19;
  doc.fontSize(size);
  while (size > 12 && doc.widthOfString(title, spacing) + 8 > titleRoom) {
    size -= 0.5;
    doc.fontSize(size);
  }
  const titleWidth = doc.widthOfString(title, spacing);
  const titleLeft = (PAGE_WIDTH - titleWidth) / 2;
  doc.fillColor(FRAME).text(title, titleLeft, 44, { lineBreak: false, ...spacing });
  doc.lineWidth(0.8).strokeColor(FRAME);
  hLine(doc, titleLeft - 4, titleLeft + titleWidth + 4, 72);
  hLine(doc, titleLeft - 4, titleLeft + titleWidth + 4, 75);

  if (input.red) {
    doc
      .lineWidth(1.2)
      .roundedRect(LEFT + 4, 44, 64, 26, 4)
      .stroke(MARK);
    cellText(doc, '红字发票', LEFT + 4, 44, 64, 26, { size: 12, color: MARK, align: 'center' });
  }

  cellText(doc, '发票号码：', labelLeft, 44, 54, 14, { size: 9, color: FRAME, align: 'left' });
  cellText(doc, input.invoiceNo, labelLeft + 50, 44, 120, 14, { size: 9.5, color: VALUE, align: 'left' });
  cellText(doc, '开票日期：', labelLeft, 62, 54, 14, { size: 9, color: FRAME, align: 'left' });
  cellText(doc, formatInvoiceDate(input.issuedAt), labelLeft + 50, 62, 120, 14, {
    size: 9.5,
    color: VALUE,
    align: 'left',
  });
}

function drawFields(
  doc: PDFDocument,
  fields: [string, string][],
  left: number,
  top: number,
  width: number,
  height: number,
): void {
  const rowHeight = height / fields.length;
  fields.forEach(([label, value], index) => {
    const rowTop = top + index * rowHeight;
    doc.fontSize(9);
    // The label's cell holds it with the cell padding (4 pt a side), so it is never shrunk.
    const labelWidth = doc.widthOfString(label) + 8;
    cellText(doc, label, left, rowTop, labelWidth, rowHeight, { size: 9, color: FRAME, align: 'left' });
    cellText(doc, value, left + labelWidth, rowTop, width - labelWidth, rowHeight, {
      size: 9,
      color: VALUE,
      align: 'left',
    });
  });
}

/**
 * One line of text in a cell, vertically centred; a value wider than the cell is drawn smaller (down
 * to 5 pt) rather than wrapped or cut, since an invoice must show the whole name.
 */
function cellText(
  doc: PDFDocument,
  text: string,
  left: number,
  top: number,
  width: number,
  height: number,
  style: { size: number; color: string; align: Align },
): void {
  if (text === '') return;
  const padding = style.align === 'center' ? 0 : 4;
  const room = Math.max(1, width - 2 * padding);
  let size = style.size;
  doc.fontSize(size);
  while (size > 5 && doc.widthOfString(text) > room) {
    size -= 0.5;
    doc.fontSize(size);
  }
  const textWidth = doc.widthOfString(text);
  let x = left + padding;
  if (style.align === 'center') x = left + (width - textWidth) / 2;
  if (style.align === 'right') x = left + width - padding - textWidth;
  const y = top + (height - doc.currentLineHeight()) / 2;
  doc.fillColor(style.color).text(text, x, y, { lineBreak: false });
}

/** A side label written top to bottom, one character under another, centred in its column. */
function verticalLabel(doc: PDFDocument, text: string, left: number, top: number, height: number): void {
  const characters = [...text];
  const step = Math.min(12, (height - 6) / characters.length);
  const start = top + (height - step * characters.length) / 2;
  characters.forEach((character, index) => {
    cellText(doc, character, left, start + index * step, SIDE_LABEL, step, { size: 9, color: FRAME, align: 'center' });
  });
}

/** The ⊗ printed before the capitals, drawn as lines so it does not depend on the font. */
function circledCross(doc: PDFDocument, cx: number, cy: number): void {
  const r = 4.5;
  const d = r * Math.SQRT1_2;
  doc.save().lineWidth(0.7).strokeColor(VALUE);
  doc.circle(cx, cy, r).stroke();
  doc
    .moveTo(cx - d, cy - d)
    .lineTo(cx + d, cy + d)
    .stroke();
  doc
    .moveTo(cx - d, cy + d)
    .lineTo(cx + d, cy - d)
    .stroke();
  doc.restore();
}

/** The diagonal sandbox mark across the whole invoice, drawn last so nothing covers it. */
function drawWatermark(doc: PDFDocument, pageHeight: number): void {
  const cx = PAGE_WIDTH / 2;
  const cy = pageHeight / 2 + 10;
  doc.save();
  doc.rotate(-16, { origin: [cx, cy] });
  doc.fillOpacity(0.14).fillColor(MARK).fontSize(44);
  const width = doc.widthOfString(SANDBOX_MARK);
  doc.text(SANDBOX_MARK, cx - width / 2, cy - doc.currentLineHeight() / 2, { lineBreak: false });
  doc.restore();
}

function hLine(doc: PDFDocument, x1: number, x2: number, y: number): void {
  doc.moveTo(x1, y).lineTo(x2, y).stroke();
}

function vLine(doc: PDFDocument, x: number, y1: number, y2: number): void {
  doc.moveTo(x, y1).lineTo(x, y2).stroke();
}

function joinFields(first?: string, second?: string): string {
  return [first, second].filter((part) => part && part.trim() !== '').join(' ');
}
