import { type CollectType, type FavouriteList, FavouritePath, videoMessages } from '@dso/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { toast } from '../../../lib/feedback';

const FAVOURITES_KEY = 'favourites';

/** `GET /api/favourite/list`: a page of one collect type's favourites, newest first. */
export function getFavourites(type: CollectType, pageNo: number, pageSize: number, signal?: AbortSignal) {
  return request<FavouriteList>(FavouritePath.list, {
    query: { type, page_no: pageNo, page_size: pageSize },
    signal,
  });
}

export const favouritesQuery = (type: CollectType, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [FAVOURITES_KEY, 'list', type, pageNo, pageSize],
    queryFn: ({ signal }) => getFavourites(type, pageNo, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useFavourites(type: CollectType, pageNo: number, pageSize: number) {
  return useQuery(favouritesQuery(type, pageNo, pageSize));
}

/** `GET /api/favourite/state`: whether the signed-in user collected a subject. */
export const favouriteStateQuery = (type: CollectType, subject: string) =>
  queryOptions({
    queryKey: [FAVOURITES_KEY, 'state', type, subject],
    queryFn: ({ signal }) => request<{ collected: boolean }>(FavouritePath.state, { query: { type, subject }, signal }),
  });

/** `POST /api/favourite/add|remove`: collects a subject or lets it go; the answer is the new state. */
export function setCollected(type: CollectType, subject: string, collected: boolean) {
  return request<{ collected: boolean }>(collected ? FavouritePath.add : FavouritePath.remove, {
    method: 'POST',
    body: { type, subject },
  });
}

/**
 * Collecting and letting go, for the collect buttons and 取消收藏: the subject's state follows the
 * answer, every favourites list asks again, and 收藏成功 / 已取消收藏 is shown. A refusal (收藏数量已达上限)
 * is toasted by the API client.
 */
export function useSetCollected() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { type: CollectType; subject: string; collected: boolean }) =>
      setCollected(change.type, change.subject, change.collected),
    onSuccess: ({ collected }, { type, subject }) => {
      client.setQueryData(favouriteStateQuery(type, subject).queryKey, { collected });
      void client.invalidateQueries({ queryKey: [FAVOURITES_KEY, 'list', type] });
      toast(collected ? videoMessages.favourited : videoMessages.unfavourited, 'success');
    },
  });
}
