import type { ReactNode } from 'react';

/** One figure of a monitoring summary row (.mon-stats): its label over the number, red when `isBad`. */
export function StatTile({
  label,
  value,
  testId,
  isBad = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  isBad?: boolean;
}) {
  return (
    <div className="surface-box figure-tile mon-stat">
      <span className="figure-tile__label">{label}</span>
      <b className={`mon-stat__value${isBad ? ' is-bad' : ''}`} data-testid={testId}>
        {value}
      </b>
    </div>
  );
}
