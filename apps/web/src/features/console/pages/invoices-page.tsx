import type { ConsoleMe } from '@dso/contract';

/** 发票 (docs/console.md). */
export default function InvoicesPage({ me: _me }: { me: ConsoleMe }) {
  return null;
}
