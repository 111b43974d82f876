import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFriendLinks } from '../../app/frame-api';

/** Friend links change rarely; one fetch per visit is enough. */
export const friendLinksQuery = queryOptions({
  queryKey: ['frame', 'friendLinks'],
  queryFn: fetchFriendLinks,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useFriendLinks() {
  return useQuery(friendLinksQuery);
}
