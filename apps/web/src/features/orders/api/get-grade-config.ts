import type { GradeConfig } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../stores/session';

/**
 * Whose prices a cached answer holds: `current_price` and `dis_price` depend on the asking user, so
 * the plans are cached per user, and visitors share one entry. The stored uid comes with the token, so
 * the key is right before the user info has loaded (the pay page loads it itself, 000 §4). A session
 * without a stored uid (a token handed over without one) stays `user` rather than taking the id once
 * the user info arrives: a key that changed mid-load would cancel the calls the first key had begun.
 */
export function useViewerKey(): string {
  return useSession((state) => (state.token ? (state.uid ?? 'user') : 'visitor'));
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
