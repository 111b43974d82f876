import type { CreatorList, CreatorSort } from '@dso/contract';
import { CreatorPath } from '@dso/contract';
import type { SizeClassCode } from '@dso/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { nextPageOf } from './paging';

/** Rows per page of the creator library: each scroll to the end loads this many more. */
export const CREATOR_PAGE_SIZE = 20;

/** The creator library's filters and sort, as the address keeps them. */
export interface CreatorListParams {
  keyword: string;
  field: string | null;
  sizeClass: SizeClassCode | null;
  province: string | null;
  /** 带货: true, 不带货: false, either: null. */
  isCommerce: boolean | null;
  sort: CreatorSort;
}

/** `GET /api/creator/list`: one page of the library (open; visitors get the guest rows). */
export function getCreatorListPage(params: CreatorListParams & { pageNo: number }, signal?: AbortSignal) {
  return request<CreatorList>(CreatorPath.list, {
    query: {
      keyword: params.keyword || undefined,
      field: params.field ?? undefined,
      size_class: params.sizeClass ?? undefined,
      province: params.province ?? undefined,
      is_commerce: params.isCommerce ?? undefined,
      sort: params.sort,
      page_no: params.pageNo,
      page_size: CREATOR_PAGE_SIZE,
    },
    signal,
  });
}

/** The library as an infinite list; the viewer is in the key because logging in changes the rows. */
export const creatorListQuery = (params: CreatorListParams, viewer: string) =>
  infiniteQueryOptions({
    queryKey: ['creator-list', params, viewer],
    queryFn: ({ pageParam, signal }) => getCreatorListPage({ ...params, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(CREATOR_PAGE_SIZE),
  });

/** `enabled: false` holds the call back, e.g. while a suggestion box has nothing typed. */
export function useCreatorList(params: CreatorListParams, viewer: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...creatorListQuery(params, viewer), enabled: options.enabled ?? true });
}
