import type { ConsoleMe } from '@dso/contract';

/** 套餐与卡券 (docs/console.md). */
export default function MarketingPage({ me: _me }: { me: ConsoleMe }) {
  return null;
}
