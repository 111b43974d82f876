import { KeywordDetailPath, type TsoTopicKind, type TsoTopicList } from '@dso/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { useSession } from '../../../stores/session';

/** The TSO topic lists of /KeywordTSOList/ (contract `tsoTopicsQuerySchema`). */
export interface TsoTopicsRequest {
  kind: TsoTopicKind;
  country: string;
  sort: 'views' | 'video_count' | 'growth_rate';
  page_no: number;
  page_size: number;
}

export function fetchTsoTopics(query: TsoTopicsRequest, signal?: AbortSignal): Promise<TsoTopicList> {
  return request<TsoTopicList>(KeywordDetailPath.tsoTopics, { query: { ...query }, search: true, signal });
}

export function tsoTopicsQueryOptions(query: TsoTopicsRequest, token: string | null) {
  return queryOptions({
    queryKey: ['keywords', 'tso-topics', token, query] as const,
    queryFn: ({ signal }) => fetchTsoTopics(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTsoTopics(query: TsoTopicsRequest) {
  const token = useSession((state) => state.token);
  return useQuery(tsoTopicsQueryOptions(query, token));
}
