import { Code, ConsolePath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffAccounts, staffSessions } from '../../../db/schema';
import { nextPhone } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

describe('console staff accounts', () => {
  const t = useTestApp();

  const { call } = consoleCalls(t);
  const newStaff = (overrides: Record<string, unknown> = {}) => ({
    phone: nextPhone(),
    name: '财务小张',
    role: '财务',
    password: 'Finance2026',
    reason: '新入职',
    ...overrides,
  });

  it('lets an 管理员 create a staff account, audited without its password', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const body = newStaff();
    const created = await call('POST', ConsolePath.staffCreate, admin.cookie, body);
    expect(created).toMatchObject({
      code: Code.OK,
      msg: '员工已创建',
      data: { name: '财务小张', phone: body.phone, role: '财务', disabled: false, last_seen_time: null },
    });
    const [entry] = await auditOf(t.db(), `staff:${created.data.id}`);
    expect(entry).toMatchObject({
      staffId: admin.id,
      staffName: admin.name,
      action: 'staff.create',
      before: null,
      after: { id: created.data.id, name: '财务小张', phone: body.phone, role: '财务', disabled: false },
      reason: '新入职',
    });
    expect(JSON.stringify(entry)).not.toContain('argon2');
    const listed = await call('GET', ConsolePath.staff, admin.cookie);
    expect(listed.data.map((staff: { phone: string }) => staff.phone)).toContain(body.phone);
  });

  it('refuses a second account for a phone, and writes no audit entry for it', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const body = newStaff();
    await call('POST', ConsolePath.staffCreate, admin.cookie, body);
    const again = await call('POST', ConsolePath.staffCreate, admin.cookie, { ...body, name: '另一个' });
    expect(again).toEqual({ code: Code.TOAST, msg: '该手机号已是员工账号', data: null });
    const [row] = await t.db().select().from(staffAccounts).where(eq(staffAccounts.phone, body.phone));
    expect(await auditOf(t.db(), `staff:${row!.id}`)).toHaveLength(1);
  });

  it.each([
    [{ reason: '' }, '请填写操作原因'],
    [{ reason: '长'.repeat(201) }, '操作原因最多200字'],
    [{ role: '超级管理员' }, '请选择角色'],
    [{ name: ' ' }, '请输入姓名'],
    [{ password: 'short' }, '密码需要6-24位数字、大小写字母组合'],
    [{ phone: '1234' }, '请输入正确手机号'],
  ])('checks a new staff account: %j answers %s', async (change, message) => {
    const admin = await staffWithCookie(t.db(), '管理员');
    expect(await call('POST', ConsolePath.staffCreate, admin.cookie, newStaff(change))).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: message,
    });
  });

  it('disables a staff account: its sessions end at once, audited with before and after', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const agent = await staffWithCookie(t.db(), '客服');
    expect((await call('GET', ConsolePath.me, agent.cookie)).code).toBe(Code.OK);
    const disabled = await call('POST', ConsolePath.staffDisable, admin.cookie, { id: agent.id, reason: '离职' });
    expect(disabled).toMatchObject({ code: Code.OK, msg: '员工已停用', data: { id: agent.id, disabled: true } });
    expect(await call('GET', ConsolePath.me, agent.cookie)).toEqual({
      code: Code.TOKEN_INVALID,
      msg: '该员工账号已停用',
      data: null,
    });
    const sessions = await t.db().select().from(staffSessions).where(eq(staffSessions.staffId, agent.id));
    expect(sessions.every((row) => row.endReason === 'disabled')).toBe(true);
    const [entry] = await auditOf(t.db(), `staff:${agent.id}`);
    expect(entry).toMatchObject({
      action: 'staff.disable',
      before: { disabled: false, role: '客服' },
      after: { disabled: true, ended_sessions: 1 },
      reason: '离职',
    });
    expect(await call('POST', ConsolePath.staffDisable, admin.cookie, { id: agent.id, reason: '再次' })).toEqual({
      code: Code.TOAST,
      msg: '该员工账号已停用',
      data: null,
    });
  });

  it('keeps an 管理员 from disabling their own account, and answers 404 for no such account', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    expect(await call('POST', ConsolePath.staffDisable, admin.cookie, { id: admin.id, reason: '测试' })).toEqual({
      code: Code.TOAST,
      msg: '不能停用自己的账号',
      data: null,
    });
    expect(await call('POST', ConsolePath.staffDisable, admin.cookie, { id: 999_999, reason: '测试' })).toEqual({
      code: Code.NOT_FOUND,
      msg: '员工不存在',
      data: null,
    });
  });

  it.each(['财务', '客服', '数据'] as const)('refuses %s every staff call with 403', async (role) => {
    const staff = await staffWithCookie(t.db(), role);
    const forbidden = { code: Code.FORBIDDEN, msg: '无权限访问', data: null };
    expect(await call('GET', ConsolePath.staff, staff.cookie)).toEqual(forbidden);
    expect(await call('POST', ConsolePath.staffCreate, staff.cookie, newStaff())).toEqual(forbidden);
    expect(await call('POST', ConsolePath.staffDisable, staff.cookie, { id: staff.id, reason: 'x' })).toEqual(
      forbidden,
    );
  });

  it('refuses a member with 403 and a visitor with 800', async () => {
    const member = await t.account();
    const asMember = await t.request({ method: 'GET', url: ConsolePath.staff, token: member.token });
    expect(asMember.json()).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
    expect(await call('GET', ConsolePath.staff)).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
    expect((await call('POST', ConsolePath.staffCreate, undefined, newStaff())).code).toBe(Code.TOKEN_INVALID);
  });
});
