import type { PortraitShare } from '@dso/contract';
import { toPercent } from '@dso/domain';
import type { ReactNode } from 'react';
import { NoData } from '../../../components';
import { topShares } from '../../../lib/portrait';

export interface ShareListProps {
  items: readonly PortraitShare[];
  /** How many to show; the audience panel shows the top 10 (002 §2). */
  limit?: number;
  emptyText?: ReactNode;
  /** Keep the given order (city levels) instead of sorting by share. */
  keepOrder?: boolean;
  testId?: string;
}

/**
 * A ranked list of shares (002 §2): largest first, each bar scaled relative to the largest share,
 * with the share as a percent with 2 decimals.
 */
export function ShareList({ items, limit = 10, emptyText, keepOrder = false, testId }: ShareListProps) {
  const rows = topShares(items, limit, keepOrder);
  if (rows.length === 0) return <NoData size="small" text={emptyText} />;
  const largest = Math.max(...rows.map((row) => row.value));
  return (
    <ol className="kd-share-list" data-testid={testId}>
      {rows.map((row, index) => (
        <li key={row.name} className="kd-share-list__row">
          {!keepOrder && (
            <span className={`kd-share-list__rank kd-share-list__rank--${index < 3 ? 'top' : 'rest'}`}>
              {index + 1}
            </span>
          )}
          <span className="kd-share-list__name" title={row.name}>
            {row.name}
          </span>
          <span className="kd-share-list__track" aria-hidden="true">
            <span
              className="kd-share-list__bar"
              style={{ width: `${largest > 0 ? Math.max(2, (row.value / largest) * 100) : 0}%` }}
            />
          </span>
          <span className="kd-share-list__percent">{toPercent(row.value)}</span>
        </li>
      ))}
    </ol>
  );
}
