import {
  type ImportFormat,
  type ImportRowError,
  importFormatSchema,
  inputMessages,
  isIllegalText,
  type Platform,
  platformSchema,
} from '@dso/contract';
import { keywordLength, keywordLimits, keywordMessages } from '@dso/domain';
import {
  readRecords,
  requiredColumnsCheck,
  type TableRecord,
  type UploadLimits,
  uploadLimits,
} from '../../../lib/uploads';
import type { KeywordInput } from './keyword-ingest.repository';

/**
 * Reading and checking keyword import files (docs/data-format.md): CSV, XLSX/XLS and JSONL in one column layout.
 * Reading turns a file into numbered raw rows (off the event loop, behind the upload guard); checking turns each raw
 * row into a `KeywordInput` for `upsertKeywords`, or into per-column errors in Chinese.
 */

/** The columns of the layout; `required` ones must be in a CSV/XLSX header and filled on every row. */
export const importColumns = [
  { name: 'platform', required: true },
  { name: 'country', required: false },
  { name: 'keyword', required: true },
  { name: 'search_index', required: true },
  { name: 'month_cover_count', required: false },
  { name: 'related_work_count', required: false },
  { name: 'category', required: false },
  { name: 'industry', required: false },
  { name: 'commerce_intent', required: false },
  { name: 'first_seen', required: false },
  { name: 'as_of', required: true },
  { name: 'trend', required: false },
  { name: 'overall_trend', required: false },
] as const;

export const INDUSTRY_MAX_LENGTH = 32;
export const TREND_MAX_DAYS = 366;

/** One row of a file before checking: its number as the file shows it and its cells by column. */
export type RawRow = TableRecord;

/** The format of a file by its name (.csv, .xlsx, .xls, .jsonl / .ndjson), or null. */
export function formatOfFileName(name: string): ImportFormat | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (extension === 'ndjson') return 'jsonl';
  const parsed = importFormatSchema.safeParse(extension);
  return parsed.success ? parsed.data : null;
}

/**
 * The rows of a file in batches, as the parse worker reads them behind the upload guard (lib/uploads): the header of
 * a CSV or sheet names the values of every later row. Throws `UploadRefusal` with the reason a file cannot be read at
 * all — the guard's, the parser's, or a missing required column.
 */
export function readImportRows(
  file: Buffer,
  format: ImportFormat,
  limits: UploadLimits = uploadLimits.keywordSheet,
): AsyncGenerator<RawRow[]> {
  return readRecords(file, { format, limits, missingColumns: requiredColumnsCheck(importColumns) });
}

// ——— checking ———

export type CheckedRow = { input: KeywordInput; errors: [] } | { input: null; errors: ImportRowError[] };

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

function text(value: unknown): string {
  if (value instanceof Date) return dateText(value);
  return String(value ?? '').trim();
}

/** A Date from a spreadsheet cell as the calendar day it shows. */
function dateText(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

const MAX_BIGINT = Number.MAX_SAFE_INTEGER;
const MAX_INT = 2_147_483_647;

/** A non-negative whole number (a spreadsheet's 12345.0 too), or null. */
function wholeNumber(value: unknown, max: number): number | null {
  const raw = typeof value === 'number' ? value : /^\s*\d+(\.0+)?\s*$/.test(String(value)) ? Number(value) : Number.NaN;
  return Number.isInteger(raw) && raw >= 0 && raw <= max ? raw : null;
}

function day(value: unknown): string | null {
  const given = text(value).replace(/\//g, '-');
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(given);
  if (!match) return null;
  const normalized = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  const parsed = new Date(`${normalized}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === normalized ? normalized : null;
}

const trueWords = new Set(['true', '1', '是', 'yes', 'y']);
const falseWords = new Set(['false', '0', '否', 'no', 'n']);

/**
 * Checks one raw row against the layout. `countries` are the known TSO country codes. Every bad
 * column is reported (not only the first), each with its own message.
 */
export function checkRow(raw: RawRow, countries: ReadonlySet<string>): CheckedRow {
  const errors: ImportRowError[] = [];
  const fail = (column: string | null, message: string) => errors.push({ row: raw.row, column, message });
  const values = raw.values;
  if (values.__invalid) {
    fail(null, '不是有效的 JSON 对象');
    return { input: null, errors };
  }
  // A NUL or a lone surrogate in any cell would fail the whole batch in the database, not this row.
  for (const [column, value] of Object.entries(values)) {
    if (typeof value === 'string' && isIllegalText(value)) fail(column, inputMessages.illegalText);
  }

  let platform: Platform | null = null;
  if (isBlank(values.platform)) fail('platform', '平台不能为空');
  else {
    const parsed = platformSchema.safeParse(text(values.platform).toUpperCase());
    if (parsed.success) platform = parsed.data;
    else fail('platform', '平台不正确，应为 DSO、RSO、WSO、BSO、KSO 或 TSO');
  }

  const countryText = text(values.country).toUpperCase();
  let country = '';
  if (platform === 'TSO') {
    if (!countryText) fail('country', 'TSO 关键词必须填写国家代码');
    else if (!countries.has(countryText)) fail('country', '国家代码不存在');
    else country = countryText;
  } else if (platform && countryText) {
    fail('country', '仅 TSO 关键词可以填写国家');
  }

  const keyword = text(values.keyword).replace(/\s+/g, ' ');
  if (!keyword) fail('keyword', '关键词不能为空');
  else if (keywordLength(keyword) > keywordLimits.single) fail('keyword', keywordMessages.tooLong);

  const count = (column: string, label: string, required: boolean, max: number): number => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return 0;
    }
    const number = wholeNumber(value, max);
    if (number === null) fail(column, `${label}必须是非负整数`);
    return number ?? 0;
  };
  const searchIndex = count('search_index', '搜索指数', true, MAX_INT);
  const monthCoverCount = count('month_cover_count', '月覆盖量', false, MAX_BIGINT);
  const relatedWorkCount = count('related_work_count', '相关作品数', false, MAX_INT);

  const category = text(values.category);
  if (category && !/^diversify_\d{1,4}$/.test(category)) fail('category', '内容分类格式应为 diversify_数字');

  const industry = text(values.industry);
  if ([...industry].length > INDUSTRY_MAX_LENGTH) fail('industry', '行业名称不能超过32个字符');

  let commerceIntent = false;
  if (!isBlank(values.commerce_intent)) {
    const word = text(values.commerce_intent).toLowerCase();
    if (values.commerce_intent === true || trueWords.has(word)) commerceIntent = true;
    else if (values.commerce_intent === false || falseWords.has(word)) commerceIntent = false;
    else fail('commerce_intent', '带货意图应为 true/false、1/0 或 是/否');
  }

  let asOf: string | null = null;
  if (isBlank(values.as_of)) fail('as_of', '数据日期不能为空');
  else {
    asOf = day(values.as_of);
    if (!asOf) fail('as_of', '数据日期格式应为 YYYY-MM-DD');
  }

  let firstSeen = asOf;
  if (!isBlank(values.first_seen)) {
    firstSeen = day(values.first_seen);
    if (!firstSeen) fail('first_seen', '首次出现日期格式应为 YYYY-MM-DD');
    else if (asOf && firstSeen > asOf) fail('first_seen', '首次出现日期不能晚于数据日期');
  }

  const series = (column: 'trend' | 'overall_trend', label: string): number[] | null => {
    if (isBlank(values[column])) return null;
    const raw = values[column];
    const parts = Array.isArray(raw) ? raw : text(raw).split(/[,，]/);
    const numbers = parts.map((part) => wholeNumber(typeof part === 'string' ? part.trim() : part, MAX_INT));
    if (numbers.some((number) => number === null)) fail(column, `${label}必须是以逗号分隔的非负整数`);
    else if (numbers.length > TREND_MAX_DAYS) fail(column, `${label}最多${TREND_MAX_DAYS}天`);
    else return numbers as number[];
    return null;
  };
  const trend = series('trend', '趋势');
  // The overall index is drawn beside the search index, day by day: it needs the trend and no more days.
  let overall = series('overall_trend', '综合指数趋势');
  if (overall && isBlank(values.trend)) {
    fail('overall_trend', '综合指数趋势需要同时填写 trend（搜索指数趋势）');
    overall = null;
  } else if (overall && trend && overall.length > trend.length) {
    fail('overall_trend', '综合指数趋势的天数不能多于 trend');
    overall = null;
  }

  if (errors.length > 0 || !platform || !asOf || !firstSeen) return { input: null, errors };
  return {
    input: {
      platform,
      country,
      keyword,
      searchIndex,
      monthCoverCount,
      relatedWorkCount,
      category: category || null,
      industry: industry || null,
      commerceIntent,
      firstSeen,
      asOf,
      trend,
      overall,
      isDemo: false,
    },
    errors: [],
  };
}
