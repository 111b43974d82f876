import { randomInt } from 'node:crypto';
import { formatTime } from '@dso/domain';

/**
 * A new order id: `D` (or `P` for a count pack), the Asia/Shanghai time to the second and ten random
 * digits — 25 characters of [0-9A-Z], within what both vendors accept as `out_trade_no` (6–32), sortable
 * by time and not guessable (the Alipay pay page opens by id alone).
 */
export function newOrderId(kind: 'membership' | 'pack', now: Date): string {
  const stamp = formatTime(now, 'YYYYMMDDHHmmss');
  let digits = '';
  for (let index = 0; index < 10; index += 1) digits += String(randomInt(10));
  return `${kind === 'pack' ? 'P' : 'D'}${stamp}${digits}`;
}
