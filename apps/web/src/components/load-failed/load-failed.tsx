import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { NoData } from '../no-data/no-data';

/**
 * The spec names no text for a block whose data failed to load (its 002 §8 netErr is a dialog), so
 * the product says it one way everywhere: what failed, over one 重新加载 button.
 */
export const LOAD_FAILED_TEXT = '加载失败';
export const RELOAD_TEXT = '重新加载';

export interface LoadFailedProps {
  /** What failed, e.g. 榜单加载失败 or the server's own message; 加载失败 by default. */
  message?: ReactNode;
  /** Asks again; without it the block has no button (a chart inside a card, say). */
  onRetry?: () => void;
  size?: 'default' | 'small';
  /** The place's own spacing around the block. */
  className?: string;
}

/** What {@link RecordLoading} reads of a record's query. */
export interface RecordQuery {
  isError: boolean;
  error: Error | null;
  refetch(): unknown;
}

/**
 * A record's detail (a video, a creator) before it is there: a skeleton while it loads; once its query
 * fails, the server's reason (else `notFound`) over 重新加载.
 */
export function RecordLoading({
  query,
  notFound,
  className,
}: {
  query: RecordQuery;
  notFound: string;
  className: string;
}) {
  if (!query.isError) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  return (
    <LoadFailed className={className} message={query.error?.message || notFound} onRetry={() => void query.refetch()} />
  );
}

/** A load-failed block: the no-data illustration with what failed and, given a retry, a reload button. */
export function LoadFailed({ message, onRetry, size = 'default', className }: LoadFailedProps) {
  const classes = ['dso-load-failed', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <NoData text={message || LOAD_FAILED_TEXT} size={size} />
      {onRetry && <Button onClick={onRetry}>{RELOAD_TEXT}</Button>}
    </div>
  );
}
