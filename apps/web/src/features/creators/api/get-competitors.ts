import { type CompetitorList, CreatorPath } from '@dso/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { nextPageOf } from './paging';

export const COMPETITOR_PAGE_SIZE = 20;

/** What benchmark accounts are found from: a creator (by user id) or a keyword. */
export type CompetitorSource = { userId: string } | { keyword: string };

/** `GET /api/creator/competitors` (login): one page of benchmark accounts with their reasons. */
export function getCompetitorsPage(source: CompetitorSource, pageNo: number, signal?: AbortSignal) {
  return request<CompetitorList>(CreatorPath.competitors, {
    query: { ...source, page_no: pageNo, page_size: COMPETITOR_PAGE_SIZE },
    signal,
  });
}

export const competitorsQuery = (source: CompetitorSource) =>
  infiniteQueryOptions({
    queryKey: ['creator-competitors', source],
    queryFn: ({ pageParam, signal }) => getCompetitorsPage(source, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(COMPETITOR_PAGE_SIZE),
  });

export function useCompetitors(source: CompetitorSource | null) {
  return useInfiniteQuery({
    ...competitorsQuery(source ?? { keyword: '' }),
    enabled: source !== null,
  });
}
