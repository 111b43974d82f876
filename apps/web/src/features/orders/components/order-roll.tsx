import { NotificationOutlined } from '@ant-design/icons';
import { ORDER_ROLL_MS } from '@dso/domain';
import { useEffect, useState } from 'react';
import { useRollList } from '../api/get-roll-list';
import { rollLine } from '../plan-rules';

/**
 * The order roll (001 §7, §9): recent buyers, phones masked by the server, one line at a time,
 * moving on every 2 s. Nothing shows while there is nobody to show.
 */
export function OrderRoll() {
  const items = useRollList().data ?? [];
  const count = items.length;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), ORDER_ROLL_MS);
    return () => clearInterval(timer);
  }, [count]);
  const item = items[index % Math.max(1, count)];
  if (!item) return null;
  return (
    <div className="orders-roll" data-testid="order-roll">
      <NotificationOutlined className="orders-roll__icon" aria-hidden />
      <div className="orders-roll__window">
        {/* A new key per line replays the slide-in, so each step reads as one line scrolling up. */}
        <span key={index} className="orders-roll__line" data-testid="order-roll-line">
          {rollLine(item)}
        </span>
      </div>
    </div>
  );
}
