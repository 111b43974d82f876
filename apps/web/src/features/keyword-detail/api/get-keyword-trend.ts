import { KeywordDetailPath, type KeywordTrend } from '@dso/contract';
import type { TrendRangeRequest } from '@dso/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { type KeywordRef, keywordRefKey, keywordRefQuery } from './get-keyword-detail';

/** The range of a trend call: a preset's days or a custom start and end. */
const rangeQuery = (range: TrendRangeRequest) =>
  'days' in range ? { days: range.days } : { start: range.start, end: range.end };

/**
 * `GET /api/keyword/trend` (login): the overview's search and overall index over a preset or a custom
 * range. Free once the keyword was opened today; a range outside the stored days answers 400 with why.
 */
export function getKeywordTrend(ref: KeywordRef, range: TrendRangeRequest, signal?: AbortSignal) {
  return request<KeywordTrend | null>(KeywordDetailPath.trend, {
    query: { ...keywordRefQuery(ref), ...rangeQuery(range) },
    signal,
  });
}

export const keywordTrendQuery = (ref: KeywordRef, range: TrendRangeRequest, enabled = true) =>
  queryOptions({
    queryKey: [
      'keyword-trend',
      ...keywordRefKey(ref),
      'days' in range ? String(range.days) : `${range.start}~${range.end}`,
    ],
    queryFn: ({ signal }) => getKeywordTrend(ref, range, signal),
    staleTime: 10 * 60_000,
    // Switching periods keeps the current line on screen until the next one arrives.
    placeholderData: keepPreviousData,
    enabled: enabled && ref.keyword.length > 0,
  });

export function useKeywordTrend(ref: KeywordRef, range: TrendRangeRequest, enabled = true) {
  return useQuery(keywordTrendQuery(ref, range, enabled));
}
