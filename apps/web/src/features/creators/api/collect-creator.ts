import type { CreatorProfile } from '@dso/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSetCollected } from '../../favourites';
import { creatorProfileQuery } from './get-creator-profile';

/**
 * The creator page's collect button: the favourites' one collect action (state, lists asked again,
 * 收藏成功 / 已取消收藏), and the profile's own `collected` follows the answer.
 */
export function useCollectCreator(userId: string) {
  const client = useQueryClient();
  const collect = useSetCollected();
  return {
    isPending: collect.isPending,
    mutate: (collected: boolean) =>
      collect.mutate(
        { type: 'collectUser', subject: userId, collected },
        {
          onSuccess: (answer) =>
            client.setQueryData(creatorProfileQuery(userId).queryKey, (profile: CreatorProfile | undefined) =>
              profile ? { ...profile, collected: answer.collected } : profile,
            ),
        },
      ),
  };
}
