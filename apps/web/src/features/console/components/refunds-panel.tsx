import type { ConsoleMe } from '@dso/contract';

/** 待退款 on the orders page: payments due back, refunded through the vendor or marked refunded by hand. */
export function RefundsPanel({ me: _me }: { me: ConsoleMe }) {
  return null;
}
