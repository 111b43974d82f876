import type { ConsoleAbility } from '@dso/domain';

/** The console's pages under /admin, each with the ability its menu entry needs (null: every staff member). */
export const consoleMenu: { path: string; label: string; ability: ConsoleAbility | null }[] = [
  { path: '/admin', label: '首页', ability: null },
  { path: '/admin/users', label: '用户', ability: 'users.read' },
  { path: '/admin/orders', label: '订单与退款', ability: 'orders.read' },
  { path: '/admin/marketing', label: '套餐与卡券', ability: 'orders.act' },
  { path: '/admin/invoices', label: '发票', ability: 'orders.act' },
  { path: '/admin/data', label: '数据', ability: 'data.manage' },
  { path: '/admin/system', label: '系统', ability: 'system.read' },
  { path: '/admin/staff', label: '员工', ability: 'staff.manage' },
  { path: '/admin/audit', label: '审计日志', ability: 'audit.read' },
];

/** The entries a staff member with these abilities may use. */
export function menuFor(abilities: readonly ConsoleAbility[]) {
  return consoleMenu.filter((entry) => entry.ability === null || abilities.includes(entry.ability));
}
