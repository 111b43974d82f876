import {
  type KeywordFilters,
  type KeywordList,
  KeywordPath,
  type KeywordSortField,
  type Platform,
} from '@dso/contract';
import { request } from '../../../lib/api/client';
import { useKeywordList } from './keyword-list-query';

/** The search call's body (contract `searchKeywordsBodySchema`), with the fields the pages send. */
export interface SearchKeywordsRequest {
  platform: Platform;
  /** TSO only. */
  country?: string;
  /** One keyword; empty browses the whole library. */
  keyword?: string;
  /** A batch of up to five words (000 §5). */
  keywords?: string[];
  filters?: KeywordFilters;
  sort?: KeywordSortField;
  order?: 'asc' | 'desc';
  page_no: number;
  page_size: number;
  /** Records the words under this search-history type (logged-in users). */
  history_type?: string;
}

/** `POST /api/keyword/search`: a search call, so an expired login rejects without a message. */
export function searchKeywords(body: SearchKeywordsRequest, signal?: AbortSignal): Promise<KeywordList> {
  return request<KeywordList>(KeywordPath.search, { method: 'POST', body, search: true, signal });
}

export function useSearchKeywords(body: SearchKeywordsRequest, options: { enabled?: boolean } = {}) {
  return useKeywordList('search', body, (signal) => searchKeywords(body, signal), options.enabled ?? true);
}
