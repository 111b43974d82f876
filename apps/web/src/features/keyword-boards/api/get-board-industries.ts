import { boardIndustriesPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** An industry that has a board, with how many of its keywords are ranked. */
export interface BoardIndustry {
  industry: string;
  keyword_count: number;
}

/** `GET /api/keyword/board/industries`: the industries of the DSO boards, for the industry filter. */
export function getBoardIndustries(signal?: AbortSignal) {
  return request<BoardIndustry[]>(boardIndustriesPath, { query: { platform: 'DSO' }, signal, silent: true });
}

export const boardIndustriesQuery = queryOptions({
  queryKey: ['keyword-board-industries', 'DSO'],
  queryFn: ({ signal }) => getBoardIndustries(signal),
  staleTime: 60 * 60_000,
});

export function useBoardIndustries() {
  return useQuery(boardIndustriesQuery);
}
