import { type Grade, gradeRank, type PermissionTreeNode, TIER_BIND_TYPE, type TierGrade, tierIds } from '@dso/domain';

/** The sold tiers in the order the ladder and the comparison show them (001 §1). */
export const ladderTiers: TierGrade[] = ['FREE', 'VIP', 'SVIP', 'EVIP'];

/** The tiers the pay box sells, as its tabs show them (001 §2). */
export const payTiers: Grade[] = ['EVIP', 'SVIP', 'VIP'];

/** The pay tab for any grade: CVIP sells as SVIP, GVIP and unknown as EVIP, FREE as VIP. */
export function payTierOf(grade: Grade): Grade {
  if (grade === 'CVIP') return 'SVIP';
  if (grade === 'GVIP') return 'EVIP';
  if (grade === 'FREE') return 'VIP';
  return grade;
}

/**
 * A tier's value of an alias in the permission tree, or null when the tier lacks it. A tier id grants
 * its grade and every grade above, so a tier without its own bind takes the nearest one below it;
 * the value is the bind's `ext` (the server puts the tier's count or flag there).
 */
export function tierValue(tree: readonly PermissionTreeNode[], alias: string, tier: TierGrade): string | null {
  const node = tree.find((candidate) => candidate.alias === alias);
  if (!node) return null;
  let best: { rank: number; value: string } | null = null;
  for (const bind of node.children.flatMap((child) => child.permission_role_bind)) {
    if (bind.type !== TIER_BIND_TYPE) continue;
    const entry = Object.entries(tierIds).find(([, id]) => String(id) === String(bind.value));
    if (!entry) continue;
    const rank = gradeRank(entry[0] as Grade);
    if (rank > gradeRank(tier) || (best && best.rank > rank)) continue;
    best = { rank, value: bind.ext ?? '' };
  }
  return best ? best.value : null;
}

/** One row of the tier comparison: the alias, its label and how its value reads. */
export interface ComparisonRow {
  alias: string;
  label: string;
  /** The unit after a count; `flag` shows a tick for 1. */
  unit: string | 'flag';
}

/** What the comparison compares: the quotas members ask about most. */
export const comparisonRows: ComparisonRow[] = [
  { alias: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY', label: '关键词库每日搜索', unit: '次' },
  { alias: 'KEYWORD_LIBRARY_ROWS', label: '榜单可见条数', unit: '条' },
  { alias: 'KEYWORD_LIBRARY_EXPORT', label: '关键词每日导出', unit: '次' },
  { alias: 'AI_WRITING_COUNT_DAY', label: 'AI写作每日次数', unit: '次' },
  { alias: 'KEYWORD_MONITOR_COUNT', label: '排名监控关键词', unit: '个' },
  { alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', label: '视频观众画像', unit: 'flag' },
  { alias: 'SUB_ACCOUNT_COUNT', label: '子账号', unit: '个' },
];

/** A cell of the comparison: '—' when the tier lacks it, a tick for a flag, else the count. */
export function formatTierValue(value: string | null, unit: ComparisonRow['unit']): string {
  if (value === null || value === '' || value === '0') return '—';
  if (unit === 'flag') return '✓';
  return `${Number(value).toLocaleString('zh-CN')}${unit}`;
}
