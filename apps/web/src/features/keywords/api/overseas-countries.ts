import { type Country, KeywordPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** The overseas country list (000 §3, §7); non-200 codes are ignored. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  const countries = await request<Country[]>(KeywordPath.countries, { silent: true, signal });
  return Array.isArray(countries) ? countries : [];
}

export const countriesQueryOptions = queryOptions({
  queryKey: ['keywords', 'countries'] as const,
  queryFn: ({ signal }) => fetchCountries(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCountries() {
  return useQuery(countriesQueryOptions);
}
