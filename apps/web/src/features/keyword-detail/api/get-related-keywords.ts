import { KeywordDetailPath, type RelatedList, type RelationKind } from '@dso/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { type KeywordRef, keywordRefQuery } from './get-keyword-detail';

/** Related words a page, wherever they are listed: the keyword tables' 10 rows (002 §9). */
export const RELATED_PAGE_SIZE = 10;

export interface RelatedKeywordsParams extends KeywordRef {
  relation: RelationKind;
  pageNo: number;
}

/** `GET /api/keyword/related`: one related-words tab (sug, correlation, industry, root), paged. */
export function getRelatedKeywords(params: RelatedKeywordsParams, signal?: AbortSignal) {
  return request<RelatedList>(KeywordDetailPath.related, {
    query: {
      ...keywordRefQuery(params),
      relation: params.relation,
      page_no: params.pageNo,
      page_size: RELATED_PAGE_SIZE,
    },
    signal,
  });
}

export const relatedKeywordsQuery = (params: RelatedKeywordsParams) =>
  queryOptions({
    queryKey: [
      'keyword-related',
      params.platform,
      params.platform === 'TSO' ? (params.country ?? '') : '',
      params.keyword,
      params.relation,
      params.pageNo,
      RELATED_PAGE_SIZE,
    ],
    queryFn: ({ signal }) => getRelatedKeywords(params, signal),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useRelatedKeywords(params: RelatedKeywordsParams) {
  return useQuery(relatedKeywordsQuery(params));
}
