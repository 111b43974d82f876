import { KeywordPath, type Platform } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestList } from '../../../lib/api/request-list';

/** The three suggestion calls (000 §7): DSO, RSO and BSO each have their own. */
const suggestionPaths: Partial<Record<Platform, string>> = {
  DSO: KeywordPath.suggestions,
  RSO: KeywordPath.rsoSuggestions,
  BSO: KeywordPath.bsoSuggestions,
};

export function hasSuggestionCall(platform: Platform): boolean {
  return suggestionPaths[platform] !== undefined;
}

/** Drop-down suggestions for what is typed; non-200 codes are ignored (000 §7). */
export async function fetchSuggestions(platform: Platform, keyword: string, signal?: AbortSignal): Promise<string[]> {
  const path = suggestionPaths[platform];
  if (!path) return [];
  return requestList<string>(path, { query: { keyword }, signal });
}

export function suggestionsQueryOptions(platform: Platform, keyword: string) {
  return queryOptions({
    queryKey: ['keywords', 'suggestions', platform, keyword] as const,
    queryFn: ({ signal }) => fetchSuggestions(platform, keyword, signal),
    staleTime: 60_000,
  });
}

/** Suggestions for an already throttled keyword; nothing is asked for an empty one. */
export function useSuggestions(platform: Platform, keyword: string, enabled: boolean) {
  return useQuery({
    ...suggestionsQueryOptions(platform, keyword),
    enabled: enabled && keyword !== '' && hasSuggestionCall(platform),
  });
}
