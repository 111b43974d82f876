import { type KeywordDetail, KeywordDetailPath, type Platform } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** Which keyword a detail page shows: its library (TSO with a country) and the word. */
export interface KeywordRef {
  platform: Platform;
  /** TSO only; the server defaults to US. */
  country?: string | undefined;
  keyword: string;
}

/** The query of a keyword call: TSO carries its country, the other libraries none. */
export function keywordRefQuery(ref: KeywordRef) {
  return {
    platform: ref.platform,
    keyword: ref.keyword,
    country: ref.platform === 'TSO' ? ref.country : undefined,
  };
}

/** What names a keyword in a query key (and a view's key): the same word in another library or country is another keyword. */
export function keywordRefKey(ref: KeywordRef) {
  return [ref.platform, ref.platform === 'TSO' ? (ref.country ?? '') : '', ref.keyword] as const;
}

/**
 * The query options of a keyword's own `GET` (its detail, its searchers' portrait): the keyword's query,
 * keyed by `name` and the keyword.
 */
export function keywordGetQuery<T>(name: string, path: string, ref: KeywordRef) {
  return queryOptions({
    queryKey: [name, ...keywordRefKey(ref)],
    queryFn: ({ signal }) => request<T>(path, { query: keywordRefQuery(ref), signal }),
    // No reason to ask again while the page is open (a reopen of the detail the same day is free on the server).
    staleTime: 10 * 60_000,
  });
}

/**
 * `GET /api/keyword/detail` (login): the keyword row, its daily trend, the competition analysis and
 * the same word on every platform. Opening a keyword spends one daily detail count (810 when used up).
 */
export const keywordDetailQuery = (ref: KeywordRef) => ({
  ...keywordGetQuery<KeywordDetail>('keyword-detail', KeywordDetailPath.detail, ref),
  enabled: ref.keyword.length > 0,
});

export function useKeywordDetail(ref: KeywordRef) {
  return useQuery(keywordDetailQuery(ref));
}
