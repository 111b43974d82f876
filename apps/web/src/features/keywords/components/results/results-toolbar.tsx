import { CalendarOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatFigure } from '../../../../lib/figures';
import { formatDay } from './figures';

export interface ResultsToolbarProps {
  title: ReactNode;
  /** `total_record`; null while nothing has arrived. */
  total: number | null;
  /** The total is an estimate or a cap: shown as 'N+'. */
  estimated?: boolean;
  /** The date of the figures shown (the rows' `as_of`). */
  asOf: string | null;
  actions?: ReactNode;
}

/** The line above a result table: what is shown, how many there are, as of when, and the actions. */
export function ResultsToolbar({ title, total, estimated, asOf, actions }: ResultsToolbarProps) {
  return (
    <div className="kw-toolbar">
      <div className="kw-toolbar-main">
        <h2 className="kw-toolbar-title">{title}</h2>
        {total !== null && (
          <span className="kw-toolbar-total" data-testid="result-total">
            共 <strong>{`${formatFigure(total)}${estimated ? '+' : ''}`}</strong> 个结果
          </span>
        )}
        {asOf && (
          <span className="kw-toolbar-asof" data-testid="as-of">
            <CalendarOutlined /> 数据更新至 {formatDay(asOf)}
          </span>
        )}
      </div>
      {actions && <div className="kw-toolbar-actions">{actions}</div>}
    </div>
  );
}

/** The latest `as_of` of some rows (they normally share one). */
export function latestAsOf(rows: ReadonlyArray<{ as_of: string }>): string | null {
  let latest: string | null = null;
  for (const row of rows) if (!latest || row.as_of > latest) latest = row.as_of;
  return latest;
}
