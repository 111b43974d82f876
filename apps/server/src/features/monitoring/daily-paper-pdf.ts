/*
 * The daily paper (数据日报) as a PDF: the day's figures, then 排名上升, 排名下降, 新上榜 and 掉榜, each a
 * table of the works with their places before and after. Drawn with pdfkit and a CJK font found the way
 * invoices find theirs (providers/invoice/invoice-font: INVOICE_FONT_PATH, else the system's Noto CJK);
 * pdfkit embeds only the glyphs used, so the file stays small.
 */
import type { MonitorDaily, MonitorMover } from '@dso/contract';
import { rankMove, rankMoveLabel } from '@dso/domain';
import type PDFDocument from 'pdfkit';
import { findInvoiceFont, type InvoiceFont } from '../../providers/invoice/invoice-font';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 40;
/**
 * pdfkit's own page margin, narrower than the layout's: everything is placed by hand, and text that
 * starts below pdfkit's bottom margin would open a new page — the footer sits inside the layout's margin.
 */
const PDFKIT_MARGIN = 16;
const CONTENT_WIDTH = PAGE.width - MARGIN * 2;
const ROW = 20;
const FOOTER_AT = PAGE.height - MARGIN + 12;
/** The last line a table row may start on before the next page. */
const BOTTOM = PAGE.height - MARGIN - ROW;

/** Rises red and falls green: the Chinese convention, as on the page. */
const colours = {
  rise: '#cf1322',
  fall: '#389e0d',
  text: '#1f1f1f',
  muted: '#8c8c8c',
  rule: '#d9d9d9',
  head: '#f5f5f5',
};

const columns = [
  { title: '关键词', width: 100 },
  { title: '作品', width: 160 },
  // Douyin's work ids are 19 digits: the column holds them whole.
  { title: '作品ID', width: 115 },
  { title: '前次排名', width: 50 },
  { title: '当日排名', width: 50 },
  { title: '变化', width: CONTENT_WIDTH - 100 - 160 - 115 - 50 - 50 },
] as const;

const sections: Array<{ key: 'rises' | 'falls' | 'entries' | 'losses'; title: string; colour: string }> = [
  { key: 'rises', title: '排名上升', colour: colours.rise },
  { key: 'falls', title: '排名下降', colour: colours.fall },
  { key: 'entries', title: '新上榜', colour: colours.rise },
  { key: 'losses', title: '掉榜', colour: colours.fall },
];

const fontCache = new Map<string, InvoiceFont>();

/** The font to draw with; looked up once per configured path. Throws InvoiceFontMissingError. */
export function dailyPaperFont(fontPath: string | undefined): InvoiceFont {
  const key = fontPath ?? '';
  const cached = fontCache.get(key);
  if (cached) return cached;
  const font = findInvoiceFont(fontPath ? { fontPath } : {});
  fontCache.set(key, font);
  return font;
}

const place = (rank: number | null) => (rank === null ? '未上榜' : `第${rank}名`);

/**
 * A classed move as the daily paper lists it, in the PDF and in the sheet: keyword, work (its id when it has no
 * title), work id, rank before, rank after, change. `place` writes a rank the file's way.
 */
export function moverCells<Place>(mover: MonitorMover, place: (rank: number | null) => Place) {
  return [
    mover.keyword,
    mover.work_title || mover.aweme_id,
    mover.aweme_id,
    place(mover.previous_rank),
    place(mover.rank),
    rankMoveLabel(rankMove(mover.previous_rank, mover.rank)),
  ];
}

/** Cuts a cell's text to its column, with an ellipsis, so a long title never spills into the next one. */
function fit(doc: PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && doc.widthOfString(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

export interface DailyPaperPdfInput {
  daily: MonitorDaily;
  font: InvoiceFont;
  /** When the file is made, printed in its footer. */
  generatedAt: string;
}

/** Renders the daily paper; resolves with the PDF bytes. */
export async function renderDailyPaperPdf({ daily, font, generatedAt }: DailyPaperPdfInput): Promise<Buffer> {
  // pdfkit (with fontkit) is about 22 MB of resident memory: loaded at the first PDF, not at start-up.
  const { default: PDFDocumentClass } = await import('pdfkit');
  const doc = new PDFDocumentClass({
    size: [PAGE.width, PAGE.height],
    margin: PDFKIT_MARGIN,
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: `数据日报 ${daily.day}`,
      Subject: `关键词排名监控 ${daily.day} 的排名上升、排名下降、新上榜与掉榜`,
      Creator: 'DSO',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(font.path, font.family);

  let y = MARGIN;
  doc.fillColor(colours.text).fontSize(20).text('数据日报', MARGIN, y, { lineBreak: false });
  y += 30;
  doc
    .fontSize(10)
    .fillColor(colours.muted)
    .text(`日期 ${daily.day}　对比 ${daily.previous_day ?? '-'}`, MARGIN, y, { lineBreak: false });
  y += 18;
  doc
    .fillColor(colours.text)
    .fontSize(11)
    .text(
      `检测 ${daily.checked} 项，失败 ${daily.failed} 项　排名上升 ${daily.rises.length}　排名下降 ${daily.falls.length}　新上榜 ${daily.entries.length}　掉榜 ${daily.losses.length}`,
      MARGIN,
      y,
      { lineBreak: false },
    );
  y += 28;

  const header = () => {
    doc.rect(MARGIN, y, CONTENT_WIDTH, ROW).fill(colours.head);
    doc.fillColor(colours.muted).fontSize(9);
    let x = MARGIN;
    for (const column of columns) {
      doc.text(column.title, x + 4, y + 6, { lineBreak: false });
      x += column.width;
    }
    y += ROW;
  };
  const newPage = () => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: PDFKIT_MARGIN });
    y = MARGIN;
  };
  const row = (mover: MonitorMover, colour: string) => {
    if (y > BOTTOM) {
      newPage();
      header();
    }
    const cells = moverCells(mover, place);
    doc.fontSize(9);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc
        .fillColor(index === cells.length - 1 ? colour : colours.text)
        .text(fit(doc, cell, column.width - 8), x + 4, y + 6, { lineBreak: false });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(MARGIN + CONTENT_WIDTH, y + ROW)
      .lineWidth(0.5)
      .stroke(colours.rule);
    y += ROW;
  };

  for (const section of sections) {
    const movers = daily[section.key];
    // A heading keeps at least its table header and one row with it.
    if (y > BOTTOM - ROW * 3) newPage();
    doc
      .fillColor(section.colour)
      .fontSize(13)
      .text(`${section.title}（${movers.length}）`, MARGIN, y, { lineBreak: false });
    y += 22;
    if (movers.length === 0) {
      doc
        .fillColor(colours.muted)
        .fontSize(9)
        .text('暂无数据', MARGIN + 4, y, { lineBreak: false });
      y += 26;
      continue;
    }
    header();
    for (const mover of movers) row(mover, section.colour);
    y += 16;
  }

  // Page numbers once the count is known (the pages were kept open for it).
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    doc
      .fillColor(colours.muted)
      .fontSize(8)
      .text(`DSO 数据日报 ${daily.day}　生成于 ${generatedAt}`, MARGIN, FOOTER_AT, { lineBreak: false })
      .text(`第 ${index - start + 1} / ${count} 页`, MARGIN, FOOTER_AT, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
