import type { ConsoleMe } from '@dso/contract';

/** 订单与退款 (docs/console.md). */
export default function OrdersPage({ me: _me }: { me: ConsoleMe }) {
  return null;
}
