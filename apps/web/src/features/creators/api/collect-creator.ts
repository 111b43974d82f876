import { type CreatorProfile, VideoPath, videoMessages } from '@dso/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { toast } from '../../../lib/feedback';
import { creatorProfileQuery } from './get-creator-profile';

/** `POST /api/favourite/add|remove` with type collectUser: collects a creator or lets them go. */
export function setCreatorCollected(userId: string, collected: boolean) {
  return request<{ collected: boolean }>(collected ? VideoPath.favouriteAdd : VideoPath.favouriteRemove, {
    method: 'POST',
    body: { type: 'collectUser', subject: userId },
  });
}

/** The collect button's action: the profile's `collected` follows the answer; 收藏成功 / 已取消收藏. */
export function useCollectCreator(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (collected: boolean) => setCreatorCollected(userId, collected),
    onSuccess: ({ collected }) => {
      client.setQueryData(creatorProfileQuery(userId).queryKey, (profile: CreatorProfile | undefined) =>
        profile ? { ...profile, collected } : profile,
      );
      toast(collected ? videoMessages.favourited : videoMessages.unfavourited, 'success');
    },
  });
}
