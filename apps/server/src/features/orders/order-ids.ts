import { randomInt } from 'node:crypto';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/**
 * A new order id: `D` (or `P` for a count pack), the Asia/Shanghai time to the second and ten random
 * digits — 25 characters of [0-9A-Z], within what both vendors accept as `out_trade_no` (6–32), sortable
 * by time and not guessable (the Alipay pay page opens by id alone).
 */
export function newOrderId(kind: 'membership' | 'pack', now: Date): string {
  const stamp = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  let digits = '';
  for (let index = 0; index < 10; index += 1) digits += String(randomInt(10));
  return `${kind === 'pack' ? 'P' : 'D'}${stamp}${digits}`;
}

/** The Asia/Shanghai calendar date of an instant (YYYY-MM-DD), as order dates show. */
export function shanghaiDay(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}
