import { MISSING_VALUE } from './numbers';

/** One second in ms. */
export const SECOND_MS = 1000;
/** One minute in ms: the edge of 1分钟前 / 刚刚 (002 §9). */
export const MINUTE_MS = 60 * SECOND_MS;
/** One hour in ms. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day in ms. */
export const DAY_MS = 24 * HOUR_MS;
/** Relative time format 1 switches to a calendar date at 3 days: 259,200,000 ms (002 §9). */
export const RELATIVE_DATE_AFTER_MS = 3 * DAY_MS;

/**
 * All calendar maths runs in Asia/Shanghai, a fixed UTC+8 with no daylight saving, so the server and
 * every browser print the same date whatever their own zone.
 */
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

/** Text for a time that is present but cannot be read (002 §9). */
export const INVALID_TIME_TEXT = '暂无数据';
/** Text for an unknown time in relative formats (002 §8). */
export const UNKNOWN_TIME_TEXT = '未知';

/** Anything the formatters accept as a time. */
export type TimeInput = number | string | Date | null | undefined;

/** The length of the digit string decides the unit (002 §9: 10, 13 or 19 digits). */
function msFromDigits(digits: string): number | null {
  switch (digits.length) {
    case 10:
      return Number(digits) * SECOND_MS;
    case 13:
      return Number(digits);
    case 19:
      // Nanoseconds exceed the safe-integer range as a number; cutting the text keeps the ms exact.
      return Number(digits.slice(0, 13));
    default:
      return null;
  }
}

/**
 * Turns a 10-digit (seconds), 13-digit (ms) or 19-digit (ns) timestamp, as a number or numeric
 * text, into milliseconds (002 §9). Any other shape gives null.
 */
export function normalizeTimestamp(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // Numbers below 1e21 print without an exponent, so the digit count is reliable.
    return msFromDigits(String(Math.trunc(value)));
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^\d+$/.test(text) ? msFromDigits(text) : null;
}

/** Wall-clock fields of an instant in Shanghai time. */
export interface ShanghaiClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Reads the Shanghai wall clock of an instant (002 §9; fixed offset, see {@link SHANGHAI_OFFSET_MS}). */
export function toShanghaiClock(ms: number): ShanghaiClock {
  const shifted = new Date(ms + SHANGHAI_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const WALL_CLOCK = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/;

/** 'YYYY-MM-DD[ HH:mm[:ss]]' read as Shanghai wall time; impossible dates (Feb 30) give null. */
function parseWallClock(text: string): number | null {
  const match = WALL_CLOCK.exec(text);
  if (!match) return null;
  // Groups 1-3 always match; time groups are optional and default to midnight.
  const fields = match.slice(1, 7).map((part) => Number(part ?? 0));
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - SHANGHAI_OFFSET_MS;
  // Date.UTC silently rolls over out-of-range fields; reading back catches them.
  const clock = toShanghaiClock(ms);
  const readBack = [clock.year, clock.month, clock.day, clock.hour, clock.minute, clock.second];
  return readBack.every((value, index) => value === fields[index]) ? ms : null;
}

/**
 * Reads a time into ms: a Date, a 10/13/19-digit timestamp, 'YYYY-MM-DD HH:mm:ss' text (Shanghai
 * time) or ISO text with an explicit zone. Anything else gives null.
 */
export function parseTime(value: TimeInput): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return normalizeTimestamp(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return normalizeTimestamp(text);
  if (ZONED_ISO.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  return parseWallClock(text);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Pattern tokens; longer tokens first so 'MM' is not read as two 'M'. */
const TOKENS = /YYYY|MM|M|DD|D|HH|mm|ss/g;

function applyPattern(ms: number, pattern: string): string {
  const clock = toShanghaiClock(ms);
  const values: Record<string, string> = {
    YYYY: String(clock.year),
    MM: pad(clock.month),
    M: String(clock.month),
    DD: pad(clock.day),
    D: String(clock.day),
    HH: pad(clock.hour),
    mm: pad(clock.minute),
    ss: pad(clock.second),
  };
  return pattern.replace(TOKENS, (token) => values[token] ?? token);
}

function isEmptyTime(value: TimeInput): boolean {
  return value === null || value === undefined || value === 0 || (typeof value === 'string' && value.trim() === '');
}

/**
 * Formats a time in Shanghai time (002 §9). Tokens: YYYY, MM, M, DD, D, HH, mm, ss (M and D without
 * padding). Empty values (null, undefined, '', 0) give '--'; unreadable ones give '暂无数据'.
 */
export function formatTime(value: TimeInput, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (isEmptyTime(value)) return MISSING_VALUE;
  const ms = parseTime(value);
  return ms === null ? INVALID_TIME_TEXT : applyPattern(ms, pattern);
}

/**
 * The Shanghai calendar day holding an instant, 'YYYY-MM-DD': the day every date the product names
 * is (a day's quota, a ranking day, a day chooser's today), whatever the zone of the machine.
 */
export function shanghaiDay(at: number | Date = Date.now()): string {
  return applyPattern(typeof at === 'number' ? at : at.getTime(), 'YYYY-MM-DD');
}

/** The next instant after `now` when Shanghai's clock reads `hour`:00 (China keeps UTC+8 all year): a daily job's time. */
export function nextShanghaiHour(now: Date, hour: number): Date {
  const target = Date.parse(`${shanghaiDay(now)}T${String(hour).padStart(2, '0')}:00:00+08:00`);
  return new Date(target > now.getTime() ? target : target + DAY_MS);
}

/** A 'YYYY-MM-DD' day moved by whole days (negative: earlier); calendar arithmetic, no zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Elapsed ms, never negative: a time slightly ahead of the local clock reads as "just now". */
function elapsedSince(ms: number, now: number): number {
  return Math.max(0, now - ms);
}

/**
 * Relative time, format 1 (002 §9): under 1 minute '1分钟前'; under 1 hour 'N分钟前'; under 3 days
 * 'N天前' from one day, else 'N小时前'; from 3 days (259,200,000 ms) the date 'M月D日'.
 */
export function formatRelativeTime1(value: TimeInput, now: number = Date.now()): string {
  const ms = parseTime(value);
  if (ms === null) return UNKNOWN_TIME_TEXT;
  const elapsed = elapsedSince(ms, now);
  if (elapsed < MINUTE_MS) return '1分钟前';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`;
  if (elapsed >= RELATIVE_DATE_AFTER_MS) return applyPattern(ms, 'M月D日');
  if (elapsed >= DAY_MS) return `${Math.floor(elapsed / DAY_MS)}天前`;
  return `${Math.floor(elapsed / HOUR_MS)}小时前`;
}

/** Months of 30 days and years of 12 such months (002 §9). */
const DAYS_PER_MONTH = 30;
const MONTHS_PER_YEAR = 12;

/**
 * Relative time, format 2 (002 §9): '刚刚' under 1 minute, then 'N分钟前', 'N小时前', 'N天前',
 * 'N个月前' (30-day months) and 'N年前' (12 such months, so 360 days).
 */
export function formatRelativeTime2(value: TimeInput, now: number = Date.now()): string {
  const ms = parseTime(value);
  if (ms === null) return UNKNOWN_TIME_TEXT;
  const elapsed = elapsedSince(ms, now);
  if (elapsed < MINUTE_MS) return '刚刚';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}分钟前`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}小时前`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days < DAYS_PER_MONTH) return `${days}天前`;
  const months = Math.floor(days / DAYS_PER_MONTH);
  if (months < MONTHS_PER_YEAR) return `${months}个月前`;
  return `${Math.floor(months / MONTHS_PER_YEAR)}年前`;
}

/** The Shanghai day holding an instant, as ms. */
export interface DayRange {
  /** 00:00:00.000. */
  start: number;
  /** 23:59:59.000, as the spec states it (002 §9); compare with `<=`. */
  end: number;
}

/** Start of day and 23:59:59 of the Shanghai calendar day holding `at` (002 §9). */
export function dayRange(at: number | Date): DayRange {
  const ms = typeof at === 'number' ? at : at.getTime();
  const start = Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  return { start, end: start + DAY_MS - SECOND_MS };
}

/** End of the Shanghai day (23:59:59, see {@link dayRange}) plus `hours` (000 §4, 002 §9). */
export function endOfDayPlusHours(now: number | Date, hours: number): number {
  return dayRange(now).end + hours * HOUR_MS;
}

/** The visitor cookie expires at the end of the day plus 8 hours (000 §4). */
export const VISITOR_COOKIE_EXTRA_HOURS = 8;

/** Expiry of the visitor cookie set at `now`, in ms (000 §4). */
export function visitorCookieExpiry(now: number | Date): number {
  return endOfDayPlusHours(now, VISITOR_COOKIE_EXTRA_HOURS);
}
