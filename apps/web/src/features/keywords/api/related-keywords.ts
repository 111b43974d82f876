import { KeywordDetailPath, type Platform, type RelatedList, type RelationKind } from '@dso/contract';
import { fetchKeywordList, useKeywordList } from './keyword-list-query';

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
  return fetchKeywordList<RelatedList>(KeywordDetailPath.related, query, signal);
}

/** Related words need a keyword; without one nothing is asked. */
export function useRelatedKeywords(query: RelatedKeywordsRequest) {
  return useKeywordList('related', query, (signal) => fetchRelatedKeywords(query, signal), query.keyword !== '');
}
