import { type BoardKind, type BoardList, KeywordDetailPath } from '@dso/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** Rows per board page: each scroll to the end loads this many more. */
export const BOARD_PAGE_SIZE = 20;

export interface BoardParams {
  board: BoardKind;
  /** One industry's board; null for all industries. */
  industry: string | null;
}

/** `GET /api/keyword/board`: one page of a DSO hot board (open; visitors get the first rows). */
export function getBoardPage(params: BoardParams & { pageNo: number }, signal?: AbortSignal) {
  return request<BoardList>(KeywordDetailPath.board, {
    query: {
      board: params.board,
      industry: params.industry ?? undefined,
      platform: 'DSO',
      page_no: params.pageNo,
      page_size: BOARD_PAGE_SIZE,
    },
    signal,
  });
}

/** A board as an infinite list: page numbers from 1; the footer rules decide whether to ask for the next. */
export const boardQuery = (params: BoardParams, viewer: string) =>
  infiniteQueryOptions({
    // The viewer is part of the key: logging in changes the rows a board gives.
    queryKey: ['keyword-board', params.board, params.industry ?? '', viewer],
    queryFn: ({ pageParam, signal }) => getBoardPage({ ...params, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.length * BOARD_PAGE_SIZE;
      const reachable = Math.min(last.total_record, last.data_max || last.total_record);
      return last.result.length === BOARD_PAGE_SIZE && loaded < reachable ? pages.length + 1 : undefined;
    },
  });

export function useBoard(params: BoardParams, viewer: string) {
  return useInfiniteQuery(boardQuery(params, viewer));
}
