import { KeywordDetailPath, type Platform, type RelatedList, type RelationKind } from '@dso/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** The related-words call (contract `relatedQuerySchema`): drop-down (sug) or correlation words of a keyword. */
export interface RelatedKeywordsRequest {
  platform: Platform;
  country?: string;
  keyword: string;
  relation: RelationKind;
  page_no: number;
  page_size: number;
}

/** `GET /api/keyword/related`: a list call like search, so an expired login rejects quietly. */
export function fetchRelatedKeywords(query: RelatedKeywordsRequest, signal?: AbortSignal): Promise<RelatedList> {
  return request<RelatedList>(KeywordDetailPath.related, { query: { ...query }, search: true, signal });
}

export function relatedKeywordsQueryOptions(query: RelatedKeywordsRequest, token: string | null) {
  return queryOptions({
    queryKey: ['keywords', 'related', token, query] as const,
    queryFn: ({ signal }) => fetchRelatedKeywords(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Related words need a keyword; without one nothing is asked. */
export function useRelatedKeywords(query: RelatedKeywordsRequest) {
  const token = useSession((state) => state.token);
  return useQuery({ ...relatedKeywordsQueryOptions(query, token), enabled: query.keyword !== '' });
}
