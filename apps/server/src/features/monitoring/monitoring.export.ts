import {
  type MonitorDaily,
  type MonitorDailyExportQuery,
  type MonitorExportFormat,
  type MonitorMover,
  monitoringMessages,
} from '@dso/contract';
import { formatTime } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { csvOf } from '../../lib/csv';
import { InvoiceFontMissingError } from '../../providers/invoice/invoice-font';
import { dailyPaperFont, moverCells, renderDailyPaperPdf } from './daily-paper-pdf';
import * as repository from './monitoring.repository';
import { dailySummary, lastDays } from './monitoring.service';

/** Exports of rank monitoring: the daily paper as .xlsx or .pdf and the check history as .csv or .xlsx, with dates. */

export interface ExportFile {
  file: Buffer;
  fileName: string;
  contentType: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const place = (rank: number | null) => (rank === null ? '未上榜' : rank);

async function workbookOf(sheets: Array<{ name: string; rows: unknown[][] }>): Promise<Buffer> {
  // SheetJS is about 12 MB of resident memory: loaded at the first export, not at start-up.
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const moverRows = (kind: string, movers: MonitorMover[]) => movers.map((mover) => [kind, ...moverCells(mover, place)]);

/**
 * The daily paper of a day: as one sheet (every classed move with its before and after), or as a PDF of
 * the same (daily-paper-pdf.ts). The PDF needs a CJK font: `fontPath` (INVOICE_FONT_PATH) or the system's;
 * without one the call answers a toast rather than an unreadable file.
 */
export async function exportDaily(
  db: Database,
  userId: number,
  query: { day?: string | undefined; format?: MonitorDailyExportQuery['format'] },
  options: { fontPath?: string | undefined; now?: Date } = {},
): Promise<ExportFile> {
  const daily: MonitorDaily = await dailySummary(db, userId, { day: query.day });
  if (query.format === 'pdf') {
    let font: ReturnType<typeof dailyPaperFont>;
    try {
      font = dailyPaperFont(options.fontPath);
    } catch (error) {
      if (error instanceof InvoiceFontMissingError) throw AppError.toast(monitoringMessages.pdfFontMissing);
      throw error;
    }
    // Minutes in China, for the PDF's footer ("2025-01-02 08:30").
    const generatedAt = formatTime(options.now ?? new Date(), 'YYYY-MM-DD HH:mm');
    return {
      file: await renderDailyPaperPdf({ daily, font, generatedAt }),
      fileName: `数据日报-${daily.day}.pdf`,
      contentType: 'application/pdf',
    };
  }
  const rows: unknown[][] = [
    ['日期', daily.day, '对比日期', daily.previous_day ?? '-', '检测', daily.checked, '检测失败', daily.failed],
    [],
    ['类型', '关键词', '作品', '作品ID', '前次排名', '当日排名', '变化'],
    ...moverRows('排名上升', daily.rises),
    ...moverRows('排名下降', daily.falls),
    ...moverRows('新上榜', daily.entries),
    ...moverRows('掉榜', daily.losses),
  ];
  return {
    file: await workbookOf([{ name: '数据日报', rows }]),
    fileName: `数据日报-${daily.day}.xlsx`,
    contentType: XLSX_TYPE,
  };
}

const statusText = { ranked: '已上榜', unranked: '未上榜', failed: '检测失败', running: '检测中' } as const;

/** Every check of the user's items over the last `days` days, oldest first, one row per item and day. */
export async function exportHistory(
  db: Database,
  userId: number,
  query: { days: number; format: MonitorExportFormat },
  now = new Date(),
): Promise<ExportFile> {
  const days = lastDays(query.days, now);
  const items = new Map((await repository.selectAllUserItems(db, userId)).map((item) => [item.id, item]));
  const checks = await repository.selectUserChecks(db, userId, { since: days[0]! });
  const rows: unknown[][] = [['日期', '关键词', '平台', '监控对象', '作品ID', '检测结果', '排名', '上榜作品数']];
  for (const check of checks) {
    const item = items.get(check.item_id);
    if (!item) continue;
    rows.push([
      check.day,
      item.keyword,
      item.platform === 'DSO' ? '抖音' : item.platform,
      item.aweme_id ? item.work_title || item.aweme_id : '关键词排名',
      item.aweme_id,
      statusText[check.status],
      check.status === 'ranked' && check.rank !== null ? check.rank : '',
      check.ranked_count ?? '',
    ]);
  }
  const base = `排名监控历史-${days[0]}至${days.at(-1)}`;
  return query.format === 'csv'
    ? { file: csvOf(rows), fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8' }
    : { file: await workbookOf([{ name: '监控历史', rows }]), fileName: `${base}.xlsx`, contentType: XLSX_TYPE };
}
