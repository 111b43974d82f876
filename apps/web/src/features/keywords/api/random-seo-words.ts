import { KeywordPath } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { visitListQuery } from '../../../lib/api/request-list';

/** Random keywords to try on the SEO page (000 §7); non-200 codes are ignored. */
export const randomSeoWordsQueryOptions = visitListQuery<string>(
  ['keywords', 'random-seo'],
  KeywordPath.randomSeoWords,
);

export function useRandomSeoWords() {
  return useQuery(randomSeoWordsQueryOptions);
}
