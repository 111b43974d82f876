import { Code, ConsolePath, consoleMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/route-suite';
import { auditOf, consoleCalls, STAFF_PASSWORD, staffCookie, staffWithCookie } from '../console.testing';

describe('console staff passwords', () => {
  const t = useTestApp();

  const { call } = consoleCalls(t);
  /** The first login step's answer code for a phone and password (OK: the password was right). */
  const loginCode = async (phone: string, password: string) =>
    (await call('POST', ConsolePath.login, undefined, { phone, password })).code;
  const NEW_PASSWORD = 'Renewed2026';

  it('lets an 管理员 reset another account’s password: its sessions end, the new one logs in, audited without a hash', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const clerk = await staffWithCookie(t.db(), '财务');
    expect((await call('GET', ConsolePath.me, clerk.cookie)).code).toBe(Code.OK);

    const answer = await call('POST', ConsolePath.staffResetPassword, admin.cookie, {
      id: clerk.id,
      password: NEW_PASSWORD,
      reason: '忘记密码',
    });
    expect(answer).toEqual({ code: Code.OK, msg: '密码已重置，该员工需重新登录', data: { ended_sessions: 1 } });
    expect((await call('GET', ConsolePath.me, clerk.cookie)).code).toBe(Code.TOKEN_INVALID);
    expect(await loginCode(clerk.phone, STAFF_PASSWORD)).toBe(Code.TOAST);
    expect(await loginCode(clerk.phone, NEW_PASSWORD)).toBe(Code.OK);

    const [entry] = await auditOf(t.db(), `staff:${clerk.id}`);
    expect(entry).toMatchObject({
      staffId: admin.id,
      action: 'staff.reset_password',
      after: { password_changed: true, ended_sessions: 1 },
      reason: '忘记密码',
    });
    expect(JSON.stringify(entry)).not.toContain('argon2');
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a reset of one’s own, of a disabled account, of no account, and a weak password', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const gone = await staffWithCookie(t.db(), '客服');
    await call('POST', ConsolePath.staffDisable, admin.cookie, { id: gone.id, reason: '离职' });
    const reset = (id: number, password = NEW_PASSWORD) =>
      call('POST', ConsolePath.staffResetPassword, admin.cookie, { id, password, reason: '测试' });
    expect(await reset(admin.id)).toEqual({ code: Code.TOAST, msg: consoleMessages.staffSelfReset, data: null });
    expect(await reset(gone.id)).toEqual({ code: Code.TOAST, msg: consoleMessages.staffAlreadyDisabled, data: null });
    expect(await reset(999_999)).toEqual({ code: Code.NOT_FOUND, msg: consoleMessages.staffNotFound, data: null });
    expect((await reset(gone.id, 'short')).code).toBe(Code.BAD_REQUEST);
    expect((await auditOf(t.db(), `staff:${gone.id}`)).map((entry) => entry.action)).toEqual(['staff.disable']);
  });

  it.each(['财务', '客服', '数据'] as const)('refuses %s a reset with 403', async (role) => {
    const staff = await staffWithCookie(t.db(), role);
    const other = await staffWithCookie(t.db(), '客服');
    expect(
      await call('POST', ConsolePath.staffResetPassword, staff.cookie, {
        id: other.id,
        password: NEW_PASSWORD,
        reason: '测试',
      }),
    ).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
    expect((await call('GET', ConsolePath.me, other.cookie)).code).toBe(Code.OK);
  });

  it('lets any staff member change their own password: this session stays, the others end, audited', async () => {
    const clerk = await staffWithCookie(t.db(), '数据');
    const otherBrowser = await staffCookie(t.db(), clerk.id);
    const change = (old_password: string, new_password: string) =>
      call('POST', ConsolePath.password, clerk.cookie, { old_password, new_password });

    expect(await change('Wrong2026', NEW_PASSWORD)).toEqual({
      code: Code.TOAST,
      msg: consoleMessages.oldPasswordWrong,
      data: null,
    });
    expect(await change(STAFF_PASSWORD, STAFF_PASSWORD)).toEqual({
      code: Code.TOAST,
      msg: consoleMessages.passwordUnchanged,
      data: null,
    });
    expect((await change(STAFF_PASSWORD, 'weak')).code).toBe(Code.BAD_REQUEST);
    expect(await auditOf(t.db(), `staff:${clerk.id}`)).toEqual([]);

    expect(await change(STAFF_PASSWORD, NEW_PASSWORD)).toEqual({
      code: Code.OK,
      msg: '密码已修改',
      data: { ended_sessions: 1 },
    });
    expect((await call('GET', ConsolePath.me, clerk.cookie)).code).toBe(Code.OK);
    expect((await call('GET', ConsolePath.me, otherBrowser)).code).toBe(Code.TOKEN_INVALID);
    expect(await loginCode(clerk.phone, NEW_PASSWORD)).toBe(Code.OK);
    const [entry] = await auditOf(t.db(), `staff:${clerk.id}`);
    expect(entry).toMatchObject({ staffId: clerk.id, action: 'staff.password', reason: '本人修改密码' });
  });

  it('refuses a member with 403 and a visitor with 800', async () => {
    const member = await t.account();
    const body = { old_password: STAFF_PASSWORD, new_password: NEW_PASSWORD };
    const asMember = await t.request({ method: 'POST', url: ConsolePath.password, token: member.token, body });
    expect(asMember.json()).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
    expect((await call('POST', ConsolePath.password, undefined, body)).code).toBe(Code.TOKEN_INVALID);
  });
});
