import { formatFigure } from '../../lib/figures';

/** A signed count (30-day follower growth): '+1.2w', '-300', '0'. */
export function formatGrowth(value: number): string {
  if (value > 0) return `+${formatFigure(value)}`;
  if (value < 0) return `-${formatFigure(-value)}`;
  return '0';
}

/** Where a creator is: province and city without repeating a municipality ('北京' not '北京 北京'). */
export function placeOf(creator: { province: string; city: string }): string {
  const parts = [creator.province, creator.city].filter(Boolean);
  return [...new Set(parts)].join(' ');
}

/** The person detail address of a creator, on a tab (the contract's, which the MCP answers link with too). */
export { personDetailPath } from '@dso/contract';

/** The /Competitors address for an account or a keyword. */
export function competitorsPath(source: { userId: string } | { keyword: string }): string {
  return `/Competitors?${new URLSearchParams(source)}`;
}
