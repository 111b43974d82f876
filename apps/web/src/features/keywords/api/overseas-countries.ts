import { type Country, KeywordPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { visitListQuery } from '../../../lib/api/request-list';

/** The overseas country list (000 §3, §7); non-200 codes are ignored. */
export const countriesQueryOptions = visitListQuery<Country>(['keywords', 'countries'], KeywordPath.countries);

export function useCountries() {
  return useQuery(countriesQueryOptions);
}
