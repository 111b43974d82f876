import { Code, EXPORT_MAX_ROWS, exportColumns, type KeywordRow, type SearchKeywordsBody } from '@dso/contract';
import { toPercent } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { checkPermission, consumePermission, permissionLacking } from '../../permissions';
import { presentRow, scopeOf, searchWords, type Viewer } from './keywords.service';
import { searchWithRelated } from './related-search';

export const EXPORT_ALIAS = 'KEYWORD_LIBRARY_EXPORT';

function sheetRow(row: KeywordRow): Array<string | number> {
  return [
    row.keyword,
    row.platform,
    row.country,
    row.search_index,
    row.month_cover_count,
    row.competition,
    row.competition_reasons.join('；'),
    row.related_work_count,
    row.category ?? '',
    row.industry ?? '',
    row.commerce_intent ? '是' : '否',
    row.blue_ocean ? '是' : '否',
    // Exact rates with the product's 2 decimals; a band as the viewer was given it.
    typeof row.growth_rate === 'number' ? toPercent(row.growth_rate) : row.growth_rate,
    row.first_seen,
    row.as_of,
  ];
}

/** The file name of an export: 关键词导出-<library>-<keyword>-<day>.xlsx. */
function fileNameOf(body: SearchKeywordsBody, words: string[], day: string): string {
  const library = body.platform === 'TSO' ? `TSO-${body.country ?? 'US'}` : body.platform;
  const subject = words.length ? words.join('+') : '全部';
  return `关键词导出-${library}-${subject}-${day}.xlsx`.replace(/[\\/:*?"<>|\s]+/g, '_');
}

/**
 * The xlsx export of a search (KEYWORD_LIBRARY_EXPORT): the first 100 rows of the search in its sort,
 * figures as the viewer sees them (exact or banded), Chinese headers. The grade must have the
 * permission (810 lacking); one export is spent only once the file is built (810 exhausted).
 */
export async function exportKeywords(
  db: Database,
  viewer: Viewer,
  body: SearchKeywordsBody,
): Promise<{ file: Buffer; fileName: string; rows: number }> {
  if (viewer.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const check = await checkPermission(db, viewer.userId, EXPORT_ALIAS);
  if (!check.granted) throw permissionLacking(check);
  const words = searchWords(body);
  const query = {
    scope: scopeOf(body),
    words,
    filters: body.filters,
    sort: body.sort,
    order: body.order,
    limit: EXPORT_MAX_ROWS,
    offset: 0,
  };
  // The rows the table shows: a category word's industry and synonym rows after its literal matches.
  const rows = (await searchWithRelated(db, query)).rows.map((row) => presentRow(row, viewer));
  // SheetJS is about 12 MB of resident memory: loaded at the first export, not at start-up.
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([[...exportColumns], ...rows.map(sheetRow)]);
  sheet['!cols'] = exportColumns.map((column) => ({ wch: column === '竞争原因' ? 40 : column === '关键词' ? 24 : 12 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '关键词');
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  await consumePermission(db, { userId: viewer.userId, alias: EXPORT_ALIAS, reason: words.join(' ') || '全部关键词' });
  const day = rows[0]?.as_of ?? new Date().toISOString().slice(0, 10);
  return { file, fileName: fileNameOf(body, words, day), rows: rows.length };
}
