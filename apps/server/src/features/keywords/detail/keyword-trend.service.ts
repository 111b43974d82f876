import { Code, type KeywordTrend, type KeywordTrendQuery } from '@dso/contract';
import { addDays, DEFAULT_TREND_DAYS, daysBetween, resolveTrendRange, type TrendRangeRequest } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { KeywordRecord } from '../keyword-record';
import type { Viewer } from '../search/keywords.service';
import * as repository from './keyword-details.repository';

/**
 * The overview's index chart: the stored daily search and overall index of a keyword over a
 * preset (近7天 … 近365天) or a custom range inside the stored days, as the viewer may see them.
 */

/**
 * A trend value as the viewer may see it: exact with show_original_data, else cut to the precision
 * of its display band (1,000 above 10,000; 10,000,000 from 1亿), so the curve keeps its shape.
 */
export function presentTrendValue(value: number, viewer: Viewer): number {
  if (viewer.showOriginal) return value;
  if (value >= 1e8) return Math.floor(value / 1e7) * 1e7;
  if (value > 1e4) return Math.floor(value / 1e3) * 1e3;
  return Math.floor(value);
}

/** The request a query makes: a custom range when it names days, else its preset (30 by default). */
export function rangeOf(query: Pick<KeywordTrendQuery, 'days' | 'start' | 'end'>): TrendRangeRequest {
  if (query.start !== undefined && query.end !== undefined) return { start: query.start, end: query.end };
  return { days: query.days ?? DEFAULT_TREND_DAYS };
}

/**
 * The keyword's trend over a range, or null when the library holds no daily series for it. A range the
 * stored days cannot serve (before the first day, after the data day) is refused with 400 and the
 * domain's Chinese reason; the series always ends no later than the keyword's data day (`as_of`).
 */
export async function trendOf(
  db: Database,
  record: KeywordRecord,
  viewer: Viewer,
  range: TrendRangeRequest = { days: DEFAULT_TREND_DAYS },
): Promise<KeywordTrend | null> {
  const stored = await repository.selectTrend(db, record.id);
  if (!stored || stored.values.length === 0) return null;
  const firstDay = stored.startDay;
  const lastDay = addDays(firstDay, stored.values.length - 1);
  const resolved = resolveTrendRange(range, { firstDay, lastDay });
  if (!resolved.ok) throw new AppError(Code.BAD_REQUEST, resolved.message);
  const from = daysBetween(firstDay, resolved.start) - 1;
  const to = daysBetween(firstDay, resolved.end);
  const overall = stored.overall;
  const points = stored.values.slice(from, to).map((value, offset) => {
    const other = overall?.[from + offset];
    return {
      day: addDays(resolved.start, offset),
      value: presentTrendValue(value, viewer),
      overall: other === null || other === undefined ? null : presentTrendValue(other, viewer),
    };
  });
  return {
    start_day: resolved.start,
    end_day: resolved.end,
    first_day: firstDay,
    last_day: lastDay,
    days: 'days' in range ? range.days : null,
    banded: !viewer.showOriginal,
    has_overall: points.some((point) => point.overall !== null),
    points,
  };
}
