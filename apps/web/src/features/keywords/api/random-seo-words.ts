import { KeywordPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestList } from '../../../lib/api/request-list';

/** Random keywords to try on the SEO page (000 §7); non-200 codes are ignored. */
export async function fetchRandomSeoWords(signal?: AbortSignal): Promise<string[]> {
  return requestList<string>(KeywordPath.randomSeoWords, { signal });
}

export const randomSeoWordsQueryOptions = queryOptions({
  queryKey: ['keywords', 'random-seo'] as const,
  queryFn: ({ signal }) => fetchRandomSeoWords(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useRandomSeoWords() {
  return useQuery(randomSeoWordsQueryOptions);
}
