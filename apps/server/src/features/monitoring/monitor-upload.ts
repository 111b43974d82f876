import { monitoringLimits } from '@dso/contract';
import { keywordLength, keywordLimits } from '@dso/domain';
import { normalizeHeader, readTable, type TableFormat, uploadLimits } from '../../lib/uploads';

/**
 * Reading the rank-monitoring keyword upload (002 §5): an .xlsx or .xls workbook whose first sheet lists
 * keywords in a column headed 关键词 (or `keyword`), else in its first column. The upload guard and the
 * parse worker (lib/uploads) read it off the event loop; a file they refuse throws `UploadRefusal` with the
 * reason. docs/monitoring.md shows the layout.
 */

/** The file names the upload takes (002 §5). */
export const monitorUploadExtensions = ['.xlsx', '.xls'] as const;

/** The upload's format by file name: .xlsx or .xls, else null. */
export function monitorUploadFormat(name: string): Extract<TableFormat, 'xlsx' | 'xls'> | null {
  const extension = name.toLowerCase().split('.').pop();
  return extension === 'xlsx' || extension === 'xls' ? extension : null;
}

const keywordHeaders = new Set(['关键词', 'keyword', '关键字', '监控关键词']);

export interface UploadedKeywords {
  /** Distinct usable keywords in file order. */
  keywords: string[];
  /** Non-empty cells that are not a usable keyword (over 30 characters, or past the read limit). */
  invalid: number;
}

/** The usable keyword of a cell, or null (empty); `false` for one that is too long. */
function keywordOf(cell: unknown): string | null | false {
  const text = String(cell ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return keywordLength(text) <= keywordLimits.single ? text : false;
}

export async function readUploadedKeywords(file: Buffer, format: 'xlsx' | 'xls'): Promise<UploadedKeywords> {
  const seen = new Set<string>();
  let invalid = 0;
  let column: number | null = null;
  for await (const batch of readTable(file, { format, limits: uploadLimits.keywordSheet })) {
    for (const row of batch) {
      if (!('cells' in row)) continue;
      if (column === null) {
        const headed = row.cells.findIndex((cell) => keywordHeaders.has(normalizeHeader(cell)));
        column = headed >= 0 ? headed : 0;
        if (headed >= 0) continue;
      }
      const keyword = keywordOf(row.cells[column]);
      if (keyword === null) continue;
      if (keyword === false || seen.size >= monitoringLimits.uploadMaxKeywords) {
        invalid++;
        continue;
      }
      seen.add(keyword);
    }
  }
  return { keywords: [...seen], invalid };
}
