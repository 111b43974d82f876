import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { formatGrowth, trendDirection } from '../figures';
import './growth-text.css';

/** A growth rate with its direction: warm and an up arrow for rising, green and a down arrow for falling. */
export function GrowthText({ rate, className }: { rate: number | null | undefined; className?: string }) {
  const direction = trendDirection(rate);
  return (
    <span className={['kd-growth', `kd-growth--${direction}`, className].filter(Boolean).join(' ')}>
      {direction === 'up' && <ArrowUpOutlined aria-hidden />}
      {direction === 'down' && <ArrowDownOutlined aria-hidden />}
      {formatGrowth(rate)}
    </span>
  );
}
