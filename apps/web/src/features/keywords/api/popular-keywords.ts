import { KeywordPath, type PopularType } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestList } from '../../../lib/api/request-list';

/** One entry of 大家都在搜 (contract `popularKeywordSchema`). */
export interface PopularKeyword {
  keyword: string;
  search_index: number | string;
}

/** 'Everyone is searching' for a search type (000 §7); non-200 codes are ignored. */
export async function fetchPopularKeywords(type: PopularType, signal?: AbortSignal): Promise<PopularKeyword[]> {
  return requestList<PopularKeyword>(KeywordPath.popular, { query: { type }, signal });
}

export function popularKeywordsQueryOptions(type: PopularType) {
  return queryOptions({
    queryKey: ['keywords', 'popular', type] as const,
    queryFn: ({ signal }) => fetchPopularKeywords(type, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePopularKeywords(type: PopularType | null, enabled: boolean) {
  return useQuery({
    ...popularKeywordsQueryOptions(type ?? 'word'),
    enabled: enabled && type !== null,
  });
}
