import { type ImportRowError, inputMessages, isIllegalText } from '@dso/contract';
import type { GoodsItem } from '../../../db/schema/videos';
import type { RawVideoRow } from './video-import';

/* Checking an import file's row: the column readers every kind's check uses, each recording its error in Chinese. */

export type CheckedVideoRow<T> = { input: T; errors: [] } | { input: null; errors: ImportRowError[] };

const MAX_COUNT = Number.MAX_SAFE_INTEGER;
export const MAX_INT = 2_147_483_647;
/** The longest text a cell may hold (titles and comments are far shorter on the platform). */
const MAX_TEXT = 4_000;
/** A transcript's limit: a 20-minute work (the extraction's limit) at a fast talker's pace, with room to spare. */
export const MAX_TRANSCRIPT = 20_000;
const trueWords = new Set(['true', '1', '是', 'yes', 'y']);
const falseWords = new Set(['false', '0', '否', 'no', 'n']);

export const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
export const text = (value: unknown) => String(value ?? '').trim();

/** A column checker for one row: each reader records its column's error and returns a usable value. */
export function rowChecker(raw: RawVideoRow) {
  const errors: ImportRowError[] = [];
  const values = raw.values;
  const fail = (column: string | null, message: string) => errors.push({ row: raw.row, column, message });
  if (values.__invalid) fail(null, '不是有效的 JSON 对象');
  // A NUL or a lone surrogate in any cell would fail the whole batch in the database, not this row.
  for (const [column, value] of Object.entries(values)) {
    if (typeof value === 'string' && isIllegalText(value)) fail(column, inputMessages.illegalText);
  }
  const string = (column: string, label: string, required: boolean, max = MAX_TEXT): string => {
    const value = text(values[column]);
    if (!value && required) fail(column, `${label}不能为空`);
    else if ([...value].length > max) fail(column, `${label}不能超过${max}个字符`);
    return value;
  };
  const optional = (column: string, label: string, max = MAX_TEXT): string | null =>
    isBlank(values[column]) ? null : string(column, label, false, max);
  const count = (column: string, label: string, required: boolean, max = MAX_COUNT): number | null => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const raw =
      typeof value === 'number' ? value : /^\s*-?\d+(\.0+)?\s*$/.test(String(value)) ? Number(value) : Number.NaN;
    if (!Number.isInteger(raw) || raw < 0 || raw > max) {
      fail(column, `${label}必须是非负整数`);
      return null;
    }
    return raw;
  };
  const signed = (column: string, label: string): number | null => {
    const value = values[column];
    if (isBlank(value)) return null;
    const raw = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(String(value)) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(raw)) {
      fail(column, `${label}必须是整数`);
      return null;
    }
    return raw;
  };
  const flag = (column: string, label: string): boolean => {
    const value = values[column];
    if (isBlank(value)) return false;
    const word = text(value).toLowerCase();
    if (value === true || trueWords.has(word)) return true;
    if (value === false || falseWords.has(word)) return false;
    fail(column, `${label}应为 true/false、1/0 或 是/否`);
    return false;
  };
  /** An instant: Unix seconds (as the platform gives them) or an ISO 8601 time with its offset. */
  const instant = (column: string, label: string, required: boolean): Date | null => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const given = text(value);
    const at = /^\d{9,11}$/.test(given)
      ? new Date(Number(given) * 1000)
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(given)
        ? new Date(given)
        : null;
    if (!at || Number.isNaN(at.getTime())) {
      fail(column, `${label}应为 Unix 秒数或带时区的 ISO 8601 时间`);
      return null;
    }
    return at;
  };
  const day = (column: string, label: string, required = true): string | null => {
    const given = text(values[column]);
    if (!given) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const parsed = new Date(`${given}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(given) ||
      Number.isNaN(parsed.getTime()) ||
      parsed.toISOString().slice(0, 10) !== given
    ) {
      fail(column, `${label}格式应为 YYYY-MM-DD`);
      return null;
    }
    return given;
  };
  /** A list: a JSON array in JSONL, or text separated by | (or ，/,) in CSV. */
  const list = (column: string, label: string): string[] | null => {
    const value = values[column];
    if (isBlank(value)) return null;
    const parts = Array.isArray(value) ? value : text(value).split(/[|,，]/);
    if (parts.some((part) => typeof part !== 'string' && typeof part !== 'number')) {
      fail(column, `${label}应为文本列表`);
      return null;
    }
    const items = parts.map((part) => String(part).trim().replace(/^#/, '')).filter(Boolean);
    if (items.some((item) => [...item].length > 100) || items.length > 100) {
      fail(column, `${label}最多100项，每项不超过100个字符`);
      return null;
    }
    return [...new Set(items)];
  };
  /**
   * A fraction: a number (0.352) or a percentage ('35.2%'). `min`/`max` bound the fraction; an empty
   * cell is null (or an error when required).
   */
  const fraction = (column: string, label: string, required: boolean, min: number, max: number, message: string) => {
    const value = values[column];
    if (isBlank(value)) {
      if (required) fail(column, `${label}不能为空`);
      return null;
    }
    const given = text(value);
    const percent = /^-?\d+(\.\d+)?%$/.test(given);
    const parsed =
      typeof value === 'number'
        ? value
        : percent
          ? Number(given.slice(0, -1)) / 100
          : /^-?\d+(\.\d+)?$/.test(given)
            ? Number(given)
            : Number.NaN;
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
      fail(column, message);
      return null;
    }
    return parsed;
  };
  /** One of a few words (English or Chinese) standing for a code. */
  const choice = <T extends string>(column: string, words: Record<string, T>, message: string): T | null => {
    const given = text(values[column]);
    const found = Object.hasOwn(words, given.toLowerCase()) ? words[given.toLowerCase()] : undefined;
    if (found === undefined) {
      fail(column, message);
      return null;
    }
    return found;
  };
  return { errors, values, fail, string, optional, count, signed, flag, instant, day, list, fraction, choice };
}

export const finish = <T>(errors: ImportRowError[], input: T): CheckedVideoRow<T> =>
  errors.length ? { input: null, errors } : { input, errors: [] };

/** The goods column of a video or a live session: a JSON array of products, or null when empty. */
export function goodsOf(c: ReturnType<typeof rowChecker>): GoodsItem[] | null {
  const value = c.values.goods;
  if (isBlank(value)) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length <= 100 &&
    parsed.every(
      (item) =>
        item &&
        typeof item === 'object' &&
        typeof item.title === 'string' &&
        Number.isSafeInteger(item.price_fen) &&
        item.price_fen >= 0 &&
        Number.isSafeInteger(item.sales) &&
        item.sales >= 0,
    );
  if (!valid) {
    c.fail('goods', '商品应为 JSON 数组：[{"title","price_fen","sales"}]，价格为整数分');
    return null;
  }
  return (parsed as GoodsItem[]).map((item) => ({
    title: item.title,
    price_fen: item.price_fen,
    sales: item.sales,
    cover: typeof item.cover === 'string' ? item.cover : null,
    product_id: typeof item.product_id === 'string' ? item.product_id : null,
  }));
}
