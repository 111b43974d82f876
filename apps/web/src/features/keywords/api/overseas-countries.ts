import { type Country, KeywordPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestList } from '../../../lib/api/request-list';

/** The overseas country list (000 §3, §7); non-200 codes are ignored. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  return requestList<Country>(KeywordPath.countries, { signal });
}

export const countriesQueryOptions = queryOptions({
  queryKey: ['keywords', 'countries'] as const,
  queryFn: ({ signal }) => fetchCountries(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCountries() {
  return useQuery(countriesQueryOptions);
}
