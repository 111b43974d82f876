import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { describeSignedRate, type RateFigure } from '@dso/domain';
import './growth-text.css';

/**
 * A growth rate as every list, board and card shows it: the magnitude (2 decimals when exact, the
 * band as sent otherwise, 002 §9) after an arrow, warm for rising and green for falling. The one
 * component for rates, so the same value never reads two ways.
 */
export function GrowthText({ rate, className }: { rate: RateFigure | null | undefined; className?: string }) {
  const { text, direction } = describeSignedRate(rate);
  return (
    <span
      className={['kd-growth', `kd-growth--${direction}`, `move--${direction}`, className].filter(Boolean).join(' ')}
      data-direction={direction}
    >
      {direction === 'up' && <ArrowUpOutlined aria-label="上升" />}
      {direction === 'down' && <ArrowDownOutlined aria-label="下降" />}
      {text}
    </span>
  );
}
