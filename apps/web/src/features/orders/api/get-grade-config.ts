import type { GradeConfig } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../stores/session';

/**
 * Whose prices a cached answer holds: `current_price` and `dis_price` depend on the asking user, so
 * the plans are cached per user, and visitors share one entry. The stored uid comes with the token, so
 * the key is right before the user info has loaded (the pay page loads it itself, 000 §4).
 */
export function useViewerKey(): string {
  return useSession((state) => {
    if (!state.token) return 'visitor';
    return state.uid ?? (state.userInfo ? String(state.userInfo.id) : 'user');
  });
}

/*
 * The fetcher sits in its own module, loaded when the query first runs: the bottom bar, part of the
 * entry chunk, reads this query, and a static import would bring the contract's order schemas into
 * the first paint.
 */
const loadFetcher = () => import('./fetch-grade-config');

export function gradeConfigQuery(viewer: string) {
  return queryOptions({
    queryKey: ['orders', 'grade-config', viewer] as const,
    queryFn: async ({ signal }): Promise<GradeConfig> => (await loadFetcher()).fetchGradeConfig(signal),
    // Offers have windows; a few minutes old is still right for a page that has not reloaded.
    staleTime: 5 * 60_000,
  });
}

/** The plans for whoever is looking. */
export function useGradeConfig(enabled = true) {
  const viewer = useViewerKey();
  return useQuery({ ...gradeConfigQuery(viewer), enabled });
}
