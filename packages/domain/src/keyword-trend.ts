import { addDays } from './format/time';

/**
 * The periods of a keyword's daily index chart ("as deep as 巨量算数's"): the presets
 * 近7天 … 近365天, each ending on the keyword's data day, and a custom range inside the stored days.
 * The server checks a request with {@link resolveTrendRange}; the web picker disables the days it
 * would refuse with {@link isTrendDaySelectable}, so both sides hold the same rule.
 */

/** Preset periods in days, in the order the chart offers them. */
export const TREND_PRESETS = [7, 30, 90, 180, 365] as const;
export type TrendPreset = (typeof TREND_PRESETS)[number];

/** The period the overview opens with. */
export const DEFAULT_TREND_DAYS: TrendPreset = 30;

/** The longest span a chart shows (the longest preset; a custom range is held to it too). */
export const TREND_MAX_SPAN = 365;

export const trendPresetLabel = (days: TrendPreset) => `近${days}天`;

/** The Chinese refusals of a bad range, one wording wherever they appear. */
export const trendRangeMessages = {
  preset: '时间范围只能是近7天、近30天、近90天、近180天或近365天',
  dayFormat: '日期格式应为 YYYY-MM-DD',
  bothDays: '请同时选择开始日期和结束日期',
  order: '开始日期不能晚于结束日期',
  span: `自定义时间范围最长${TREND_MAX_SPAN}天`,
  future: (lastDay: string) => `结束日期不能晚于数据日期 ${lastDay}`,
  beforeFirst: (firstDay: string) => `开始日期不能早于 ${firstDay}（最早有数据的日期）`,
} as const;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) that exists: 2026-02-30 is not one. */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** Days from `start` to `end`, both counted. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** What a client asks for: a preset, or a custom range (both days). */
export type TrendRangeRequest = { days: TrendPreset } | { start: string; end: string };

/** The days the library holds for a keyword: its first stored day and its data day. */
export interface StoredTrendDays {
  firstDay: string;
  lastDay: string;
}

export type TrendRangeResult = { ok: true; start: string; end: string } | { ok: false; message: string };

/**
 * The days to show for a request:
 * 1. a preset ends on the data day and goes back its number of days, or to the first stored day when
 *    fewer are stored (a word tracked for 90 days shows those 90 under 近365天);
 * 2. a custom range must be two calendar days, the start not after the end, at most 365 days, and
 *    inside the stored days: no day after the data day (the future has no data) and none before the
 *    first stored day. Each refusal says which rule in Chinese.
 */
export function resolveTrendRange(request: TrendRangeRequest, stored: StoredTrendDays): TrendRangeResult {
  if ('days' in request) {
    const wanted = addDays(stored.lastDay, -(request.days - 1));
    return { ok: true, start: wanted > stored.firstDay ? wanted : stored.firstDay, end: stored.lastDay };
  }
  const { start, end } = request;
  if (!isCalendarDay(start) || !isCalendarDay(end)) return { ok: false, message: trendRangeMessages.dayFormat };
  if (start > end) return { ok: false, message: trendRangeMessages.order };
  if (daysBetween(start, end) > TREND_MAX_SPAN) return { ok: false, message: trendRangeMessages.span };
  if (end > stored.lastDay) return { ok: false, message: trendRangeMessages.future(stored.lastDay) };
  if (start < stored.firstDay) return { ok: false, message: trendRangeMessages.beforeFirst(stored.firstDay) };
  return { ok: true, start, end };
}

/** Whether a day can be picked in a custom range: a stored day, none after the data day. */
export function isTrendDaySelectable(day: string, stored: StoredTrendDays): boolean {
  return day >= stored.firstDay && day <= stored.lastDay;
}
