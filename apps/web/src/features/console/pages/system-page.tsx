import type { ConsoleMe } from '@dso/contract';

/** 系统 (docs/console.md). */
export default function SystemPage({ me: _me }: { me: ConsoleMe }) {
  return null;
}
