import { type KeywordList, KeywordPath, type KeywordRow } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import { type KeywordRef, keywordRefKey, keywordRefQuery } from './get-keyword-detail';

/**
 * The shared keyword's row for a visitor: the detail call needs login, so the share page looks the
 * word up through the open library search (visitors get display bands and spend no count) and keeps
 * the exact match. Null when the library does not have the word.
 */
export async function findSharedKeyword(ref: KeywordRef, signal?: AbortSignal): Promise<KeywordRow | null> {
  const list = await request<KeywordList>(KeywordPath.search, {
    method: 'POST',
    // Longer words containing it may rank above it; the largest page makes finding the exact word likely.
    body: { ...keywordRefQuery(ref), filters: {}, page_no: 1, page_size: 50 },
    search: true,
    signal,
  });
  return list.result.find((row) => row.keyword === ref.keyword) ?? null;
}

export const sharedKeywordQuery = (ref: KeywordRef) =>
  queryOptions({
    queryKey: ['keyword-shared', ...keywordRefKey(ref)],
    queryFn: ({ signal }) => findSharedKeyword(ref, signal),
    enabled: ref.keyword.length > 0,
  });

export function useSharedKeyword(ref: KeywordRef, enabled: boolean) {
  return useQuery({ ...sharedKeywordQuery(ref), enabled: enabled && ref.keyword.length > 0 });
}
