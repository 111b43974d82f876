import type { VideoRow } from '@dso/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { FeedFooter, LoadFailed, NoData } from '../../../components';
import { BatchExtractionBar, useExtractionSelection } from '../../extraction';
import { type ListPage, useListFeed, VideoGrid } from '../../videos';
import { TOPIC_PAGE_SIZE } from '../api/topic-lists';

export interface VideoFeedProps<Row extends VideoRow, Page extends ListPage<Row>> {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  /** The route's load event for infinite scroll; without it the footer offers 点击加载更多. */
  loadEvent?: string;
  pageSize?: number;
  emptyText: ReactNode;
  highlight?: string;
  badge?(video: Row, index: number): ReactNode;
  label?: string;
}

/**
 * Works of a paged list as a grid, loaded page by page, with the batch extraction bar (002 §2) and the
 * list footer of 002 §4.
 */
export function VideoFeed<Row extends VideoRow, Page extends ListPage<Row>>({
  query,
  loadEvent,
  pageSize = TOPIC_PAGE_SIZE,
  emptyText,
  highlight,
  badge,
  label,
}: VideoFeedProps<Row, Page>) {
  const feed = useListFeed<Page, Row>(query, { pageSize, loadEvent });
  // 002 §2: every video list carries the batch extraction bar over its selectable works.
  const selection = useExtractionSelection();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <LoadFailed message="视频加载失败" onRetry={() => void query.refetch()} />;
  if (feed.rows.length === 0) return <NoData text={emptyText} />;
  return (
    <>
      <BatchExtractionBar selection={selection} videos={feed.rows} />
      <VideoGrid videos={feed.rows} highlight={highlight} badge={badge} label={label} selection={selection} />
      <FeedFooter feed={feed} className="tp-footer" />
    </>
  );
}
