import { KeywordDetailPath, type TsoTopicKind, type TsoTopicList } from '@dso/contract';
import { fetchKeywordList, useKeywordList } from './keyword-list-query';

/** The TSO topic lists of /KeywordTSOList/ (contract `tsoTopicsQuerySchema`). */
export interface TsoTopicsRequest {
  kind: TsoTopicKind;
  country: string;
  sort: 'views' | 'video_count' | 'growth_rate';
  page_no: number;
  page_size: number;
}

export function fetchTsoTopics(query: TsoTopicsRequest, signal?: AbortSignal): Promise<TsoTopicList> {
  return fetchKeywordList<TsoTopicList>(KeywordDetailPath.tsoTopics, query, signal);
}

export function useTsoTopics(query: TsoTopicsRequest) {
  return useKeywordList('tso-topics', query, (signal) => fetchTsoTopics(query, signal));
}
