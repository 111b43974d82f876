import type { ConsoleAbility } from '@dso/domain';

/** The console's pages under /admin, each with the ability its menu entry needs (null: every staff member). */
export const consoleMenu: { path: string; label: string; ability: ConsoleAbility | null }[] = [
  { path: '/admin', label: '首页', ability: null },
  { path: '/admin/users', label: '用户', ability: 'users.read' },
  { path: '/admin/staff', label: '员工', ability: 'staff.manage' },
  { path: '/admin/audit', label: '审计日志', ability: 'audit.read' },
];

/** The entries a staff member with these abilities may use. */
export function menuFor(abilities: readonly ConsoleAbility[]) {
  return consoleMenu.filter((entry) => entry.ability === null || abilities.includes(entry.ability));
}
