import { KeywordDetailPath, type KeywordPortrait } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { type KeywordRef, keywordRefKey, keywordRefQuery } from './get-keyword-detail';

/** `GET /api/keyword/portrait` (login): gender, age, province, city and city-level shares of the searchers. */
export function getKeywordPortrait(ref: KeywordRef, signal?: AbortSignal) {
  return request<KeywordPortrait>(KeywordDetailPath.portrait, { query: keywordRefQuery(ref), signal });
}

export const keywordPortraitQuery = (ref: KeywordRef) =>
  queryOptions({
    queryKey: ['keyword-portrait', ...keywordRefKey(ref)],
    queryFn: ({ signal }) => getKeywordPortrait(ref, signal),
    staleTime: 10 * 60_000,
  });

export function useKeywordPortrait(ref: KeywordRef) {
  return useQuery(keywordPortraitQuery(ref));
}
