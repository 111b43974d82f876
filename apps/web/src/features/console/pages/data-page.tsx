import type { ConsoleMe } from '@dso/contract';

/** 数据 (docs/console.md). */
export default function DataPage({ me: _me }: { me: ConsoleMe }) {
  return null;
}
