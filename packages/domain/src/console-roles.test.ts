import { describe, expect, it } from 'vitest';
import { consoleAbilities, consoleRoles, isConsoleRole, roleMay } from './console-roles';

describe('console roles', () => {
  it('lets 管理员 do everything', () => {
    for (const ability of Object.keys(consoleAbilities) as (keyof typeof consoleAbilities)[]) {
      expect(roleMay('管理员', ability)).toBe(true);
    }
  });

  it('lets 客服 act on members and read orders, nothing of money, data or staff', () => {
    expect(roleMay('客服', 'users.read')).toBe(true);
    expect(roleMay('客服', 'users.act')).toBe(true);
    expect(roleMay('客服', 'orders.read')).toBe(true);
    expect(roleMay('客服', 'orders.act')).toBe(false);
    expect(roleMay('客服', 'staff.manage')).toBe(false);
    expect(roleMay('客服', 'audit.read')).toBe(false);
  });

  it('keeps 财务 and 数据 away from members', () => {
    for (const role of ['财务', '数据'] as const) {
      expect(roleMay(role, 'users.read')).toBe(false);
      expect(roleMay(role, 'users.act')).toBe(false);
    }
    expect(roleMay('财务', 'orders.act')).toBe(true);
    expect(roleMay('数据', 'data.manage')).toBe(true);
    expect(roleMay('数据', 'orders.read')).toBe(false);
  });

  it('knows the four roles and nothing else', () => {
    expect(consoleRoles.filter(isConsoleRole)).toHaveLength(4);
    expect(isConsoleRole('超级管理员')).toBe(false);
  });
});
