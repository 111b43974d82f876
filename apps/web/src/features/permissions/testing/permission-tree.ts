import type { PermissionNode } from '@dso/contract';
import { type TierGrade, tierIds } from '@dso/domain';

/** A permission tree node as the server builds it: one child per tier, the tier's value in `ext`. */
export function treeNode(alias: string, values: Partial<Record<TierGrade, number>>): PermissionNode {
  return {
    alias,
    children: Object.entries(values).map(([grade, value], index) => ({
      id: index + 1,
      permission_role_bind: [{ type: 'ROLE', value: String(tierIds[grade as TierGrade]), ext: String(value) }],
    })),
  };
}

/** A small tree like the server's: counts from FREE up, a flag from SVIP, a feature only EVIP has. */
export const sampleTree: PermissionNode[] = [
  treeNode('KEYWORD_LIBRARY_SEARCH_COUNT_DAY', { FREE: 10, VIP: 100, SVIP: 500, EVIP: 2000 }),
  treeNode('KEYWORD_LIBRARY_ROWS', { FREE: 30, VIP: 300, SVIP: 1000, EVIP: 3000 }),
  treeNode('VIDEO_LIBRARY_DETAIL_USER_PORTRAIT', { SVIP: 1, EVIP: 1 }),
  treeNode('HOT_VIDEO_GOODS_ANAS', { EVIP: 1 }),
  treeNode('SUB_ACCOUNT_COUNT', { SVIP: 3, EVIP: 10 }),
];
