import { type CreatorFacets, CreatorPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/creator/facets`: the library's fields and provinces with their creator counts. */
export function getCreatorFacets(signal?: AbortSignal) {
  return request<CreatorFacets>(CreatorPath.facets, { signal, silent: true });
}

export const creatorFacetsQuery = () =>
  queryOptions({
    queryKey: ['creator-facets'],
    queryFn: ({ signal }) => getCreatorFacets(signal),
    staleTime: 10 * 60_000,
  });

export function useCreatorFacets() {
  return useQuery(creatorFacetsQuery());
}
