import { z } from 'zod';

/**
 * Limits every request field shares, whatever route it belongs to. PostgreSQL refuses a text value
 * holding U+0000 and an `integer` beyond 32 bits; a lone UTF-16 surrogate cannot be written as UTF-8 at
 * all (drivers quietly turn it into U+FFFD). Such input is refused before it reaches a handler, with
 * the messages below, instead of failing in the database as a server error.
 */
export const inputMessages = {
  /** A text field holds U+0000 or a lone surrogate. */
  illegalText: '参数包含非法字符',
  /** A number lies outside what its field can hold. */
  outOfRange: '数值超出范围',
  /** A day is not written YYYY-MM-DD or is not on the calendar (2026-02-30, 2026-13-45). */
  badDay: '日期格式不正确',
} as const;

/** The range of a PostgreSQL `integer` column. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Deepest page any list answers: far past every grade's row cap, so no real caller is refused. */
export const PAGE_NO_MAX = 10_000;

/** True when the text cannot be stored as UTF-8 text: it holds U+0000 or a lone surrogate. */
export function isIllegalText(text: string): boolean {
  // A loop rather than a lookbehind pattern: older Safari cannot even parse one, and this module ships
  // to the browser with the rest of the contract.
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * True when any string in a parsed request value (query, params, JSON body), keys included, is
 * illegal text. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function containsIllegalText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isIllegalText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      // Raw bytes (a Buffer body) are not text fields; the parser that reads them decides.
      for (const [key, item] of Object.entries(next)) {
        if (isIllegalText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * An integer that fits a PostgreSQL `integer` column. `coerce` for query-string fields, which arrive as
 * text. Further bounds chain as usual (`int32Schema().min(1)`).
 */
export function int32Schema(options: { coerce?: boolean } = {}) {
  const number = options.coerce ? z.coerce.number() : z.number();
  return number.int().min(INT32_MIN, inputMessages.outOfRange).max(INT32_MAX, inputMessages.outOfRange);
}

/** A page number (query or body): 1 to PAGE_NO_MAX, 1 when absent. */
export const pageNoSchema = z.coerce.number().int().min(1).max(PAGE_NO_MAX, inputMessages.outOfRange).default(1);

/** A query-string or JSON boolean: true, false, 1, 0 and their text forms. */
export const booleanishSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/**
 * The years a day of the product's data can fall in: platform data starts well after 2000, and the
 * bounds keep every accepted day inside what PostgreSQL's `date` and JavaScript's `Date` both hold.
 */
export const DAY_YEAR_MIN = 2000;
export const DAY_YEAR_MAX = 2100;

/**
 * True when the text is a day that exists, written YYYY-MM-DD, in DAY_YEAR_MIN..DAY_YEAR_MAX. The
 * pattern alone let 2026-13-45 and 2026-02-30 through to the database, whose date cast failed as a
 * server error.
 */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DAY_YEAR_MIN || year > DAY_YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no zone's clock change interferes).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A calendar day (YYYY-MM-DD) in a query, body or answer: every field that names a day uses this one
 * schema, so each refuses an impossible day the same way, with 400 and 日期格式不正确.
 */
export const calendarDaySchema = z.string().refine(isCalendarDay, inputMessages.badDay);
