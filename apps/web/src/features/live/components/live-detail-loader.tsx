import type { LiveDetail } from '@dso/contract';
import { Skeleton, type SkeletonProps } from 'antd';
import type { ReactNode } from 'react';
import { useLiveDetail } from '../api/get-live-detail';
import { LiveFailure } from './live-failure';
import { useNow } from './use-now';

interface LiveDetailLoaderProps {
  roomId: string;
  /** The page's box, which also holds the skeleton and the failure. */
  className: string;
  /** The skeleton's shape while the session loads. */
  skeleton: Pick<SkeletonProps, 'avatar' | 'paragraph'>;
  /** Draws the loaded session at `now` (a second-by-second clock while it is live). */
  children(live: LiveDetail, now: number, updatedAt: number): ReactNode;
}

/** One session's page: a skeleton while it loads, the failure when nothing came, then the session itself. */
export function LiveDetailLoader({ roomId, className, skeleton, children }: LiveDetailLoaderProps) {
  const query = useLiveDetail(roomId);
  const live = query.data;
  const now = useNow(1000, live?.end_time === null);
  if (query.isPending) {
    return (
      <div className={className}>
        <Skeleton active {...skeleton} />
      </div>
    );
  }
  if (query.isError && !live) {
    return (
      <div className={className}>
        <LiveFailure error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!live) return null;
  return children(live, now, query.dataUpdatedAt);
}
