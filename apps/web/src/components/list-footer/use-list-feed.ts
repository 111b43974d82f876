import { decideListFooter, type ListFooterState } from '@dso/domain';
import { type InfiniteData, infiniteQueryOptions, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { APP_CONTAINER_ID } from '../../app/after-navigation';
import { useSession } from '../../stores/session';

/** The list shape of 002 §3 every paged list answers. */
export interface ListPage<Row> {
  total_record: number;
  data_max: number;
  user_grade: string;
  result: Row[];
}

/** How close to the end of the page a list asks for more when the page does not scroll yet. */
const FILL_MARGIN_PX = 80;

/**
 * A paged list as an infinite query: page numbers from 1, and a next page only while the last one was
 * full and the rows loaded stay below both the total and the caller's cap (`data_max`).
 */
export function listPagesOptions<Page extends ListPage<unknown>>(
  queryKey: readonly unknown[],
  pageSize: number,
  fetchPage: (pageNo: number, signal: AbortSignal) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page, pages: Page[]) => {
      const loaded = pages.length * pageSize;
      const reachable = Math.min(last.total_record, last.data_max || last.total_record);
      return last.result.length === pageSize && loaded < reachable ? pages.length + 1 : undefined;
    },
  });
}

export interface ListFeed<Page extends ListPage<Row>, Row = Page['result'][number]> {
  rows: Row[];
  /** The first page (its totals and the list's own fields such as `as_of`). */
  first: Page | undefined;
  /** The footer's state by the rules of 002 §4 (the domain's decideListFooter). */
  footer: ListFooterState;
  dataMax: number | null;
  /** The list's total as the last page told it. */
  total: number | null;
  loadMore(): void;
}

/**
 * The rows of an infinite list and its footer (002 §4): visitors get the login prompt, a grade at its
 * cap its upgrade state, the end ~没有更多了~. With `loadEvent` (the route table's `infiniteScroll`)
 * the next page loads when the layout fires it at the end of the page, or at once while the rows do
 * not fill the page; without one the footer offers 点击加载更多.
 */
export function useListFeed<Page extends ListPage<Row>, Row = Page['result'][number]>(
  query: UseInfiniteQueryResult<InfiniteData<Page>>,
  { pageSize, loadEvent }: { pageSize: number; loadEvent?: string },
): ListFeed<Page, Row> {
  const token = useSession((state) => state.token);
  const grade = useSession((state) => state.userInfo?.grade);
  const pages = query.data?.pages ?? [];
  const rows = useMemo(() => pages.flatMap((page) => page.result as Row[]), [pages]);
  const first = pages[0];
  const last = pages[pages.length - 1];
  const decision = last
    ? decideListFooter({
        loggedIn: Boolean(token),
        total: last.total_record,
        loadedCount: rows.length,
        pageNum: pages.length,
        pageSize,
        dataMax: last.data_max,
        grade: token ? (grade ?? last.user_grade) : null,
      })
    : null;
  const canLoadMore = decision?.state === 'show' && query.hasNextPage && !query.isFetchingNextPage;
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);

  useEffect(() => {
    if (!loadEvent) return;
    window.addEventListener(loadEvent, loadMore);
    return () => window.removeEventListener(loadEvent, loadMore);
  }, [loadEvent, loadMore]);

  // A tall window may show every row without scrolling, so no scroll event would ever come.
  useEffect(() => {
    if (!loadEvent || !canLoadMore) return;
    const container = document.getElementById(APP_CONTAINER_ID);
    if (container && container.scrollHeight - container.clientHeight <= FILL_MARGIN_PX) loadMore();
  }, [loadEvent, canLoadMore, loadMore]);

  let footer: ListFooterState = decision?.state ?? 'hide';
  if (query.isFetchingNextPage) footer = 'show';
  else if (footer === 'show' && !query.hasNextPage) footer = 'noMore';
  else if (footer === 'show' && !loadEvent) footer = 'click';
  return { rows, first, footer, dataMax: last?.data_max ?? null, total: last?.total_record ?? null, loadMore };
}
