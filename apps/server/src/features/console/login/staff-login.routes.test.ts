import { CONSOLE_SESSION_COOKIE, Code, ConsolePath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffSessions } from '../../../db/schema';
import { nextPhone } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { hashToken } from '../../account';
import { lastCode, useMovableClock } from '../../account/account.testing';
import { createStaffAccount, STAFF_PASSWORD, setCookieToken, staffWithCookie } from '../console.testing';

describe('console login', () => {
  // The signature window reads the clock at each call, so tests that move it still sign in time.
  const t = useTestApp({ now: () => Date.now() });

  const cookieOf = (token: string) => `${CONSOLE_SESSION_COOKIE}=${token}`;
  const login = (phone: string, password: string, cookie?: string) =>
    t.request({
      method: 'POST',
      url: ConsolePath.login,
      body: { phone, password },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const verify = (cookie: string | null, code: string) =>
    t.request({ method: 'POST', url: ConsolePath.verify, body: { code }, ...(cookie ? { headers: { cookie } } : {}) });
  const me = async (cookie?: string, token?: string) =>
    (
      await t.request({
        method: 'GET',
        url: ConsolePath.me,
        ...(cookie ? { headers: { cookie } } : {}),
        ...(token ? { token } : {}),
      })
    ).json();

  /** Both steps; answers the session cookie. */
  async function logIn(phone: string) {
    const first = await login(phone, STAFF_PASSWORD);
    expect(first.json().code).toBe(Code.OK);
    const pending = cookieOf(setCookieToken(first.headers)!);
    const second = await verify(pending, await lastCode(t, phone));
    expect(second.json().code).toBe(Code.OK);
    return cookieOf(setCookieToken(second.headers)!);
  }

  it('logs a staff member in with the password, then the SMS code, into a cookie of its own', async () => {
    const staff = await createStaffAccount(t.db(), { role: '客服', name: '客服小李' });
    const first = await login(staff.phone, STAFF_PASSWORD);
    expect(first.json()).toEqual({
      code: Code.OK,
      msg: '验证码已发送',
      data: { phone: `${staff.phone.slice(0, 3)}****${staff.phone.slice(7)}`, expires_in: 300 },
    });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/console/);
    const pending = cookieOf(setCookieToken(first.headers)!);
    // The password alone opens nothing.
    expect((await me(pending)).code).toBe(Code.TOKEN_INVALID);

    const second = await verify(pending, await lastCode(t, staff.phone));
    expect(second.json()).toEqual({
      code: Code.OK,
      msg: '登录成功',
      data: {
        id: staff.id,
        name: '客服小李',
        phone: staff.phone,
        role: '客服',
        abilities: ['users.read', 'users.act', 'orders.read'],
      },
    });
    const session = cookieOf(setCookieToken(second.headers)!);
    expect((await me(session)).data.name).toBe('客服小李');
    // The login step's token does not survive the code step.
    expect(session).not.toBe(pending);
    expect((await me(pending)).code).toBe(Code.TOKEN_INVALID);
    // Only the token's hash is stored.
    const rows = await t.db().select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(session.split('=')[1]!)]);
  });

  it('answers 手机号或密码错误 for a wrong password and for an unknown phone alike', async () => {
    const staff = await createStaffAccount(t.db(), { role: '数据' });
    expect((await login(staff.phone, 'Wrong123')).json()).toEqual({
      code: Code.TOAST,
      msg: '手机号或密码错误',
      data: null,
    });
    expect((await login(nextPhone(), STAFF_PASSWORD)).json()).toEqual({
      code: Code.TOAST,
      msg: '手机号或密码错误',
      data: null,
    });
  });

  it('refuses the sixth try after five wrong passwords, even with the right one', async () => {
    const staff = await createStaffAccount(t.db(), { role: '数据' });
    for (let i = 0; i < 5; i++) expect((await login(staff.phone, `Wrong${i}x1`)).json().code).toBe(Code.TOAST);
    expect((await login(staff.phone, STAFF_PASSWORD)).json()).toEqual({
      code: Code.LIMITED,
      msg: '密码错误次数过多，请稍后再试',
      data: null,
    });
  });

  it('refuses a disabled account once its password matched, and sends no code', async () => {
    const staff = await createStaffAccount(t.db(), { role: '财务', disabled: true });
    expect((await login(staff.phone, STAFF_PASSWORD)).json()).toEqual({
      code: Code.TOAST,
      msg: '该员工账号已停用',
      data: null,
    });
    await expect(lastCode(t, staff.phone)).rejects.toThrow(/no code/);
  });

  it('sends one code a minute per staff phone', async () => {
    const staff = await createStaffAccount(t.db(), { role: '财务' });
    expect((await login(staff.phone, STAFF_PASSWORD)).json().code).toBe(Code.OK);
    const again = (await login(staff.phone, STAFF_PASSWORD)).json();
    expect(again.code).toBe(Code.SERVER_ERROR);
    expect(again.msg).toMatch(/^发送过于频繁,\d+$/);
  });

  it('answers the code step in its own words: no pending login, a wrong code, a login step past its 5 minutes', async () => {
    expect((await verify(null, '123456')).json()).toEqual({
      code: Code.TOKEN_INVALID,
      msg: '请先输入手机号和密码',
      data: null,
    });
    const staff = await createStaffAccount(t.db(), { role: '客服' });
    const first = await login(staff.phone, STAFF_PASSWORD);
    const pending = cookieOf(setCookieToken(first.headers)!);
    const code = await lastCode(t, staff.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify(pending, wrong)).json()).toEqual({ code: Code.TOAST, msg: '验证码错误', data: null });

    const clock = useMovableClock();
    clock.advance(5 * 60 * 1000 + 1000);
    expect((await verify(pending, code)).json()).toEqual({
      code: Code.TOKEN_INVALID,
      msg: '请先输入手机号和密码',
      data: null,
    });
  });

  it('checks the login form: 请输入手机号, 请输入正确手机号, 请输入密码', async () => {
    const post = async (body: unknown) => (await t.request({ method: 'POST', url: ConsolePath.login, body })).json();
    expect(await post({ password: 'x' })).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入手机号' });
    expect(await post({ phone: '12345', password: 'x' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请输入正确手机号',
    });
    expect(await post({ phone: nextPhone(), password: '' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请输入密码',
    });
    const verifyBody = (await t.request({ method: 'POST', url: ConsolePath.verify, body: { code: '' } })).json();
    expect(verifyBody).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入验证码' });
  });

  it('ends a session after 8 idle hours, and each call starts the idle time again', async () => {
    const staff = await createStaffAccount(t.db(), { role: '客服' });
    const session = await logIn(staff.phone);
    const clock = useMovableClock();
    clock.advance(8 * 60 * 60 * 1000 - 60_000);
    expect((await me(session)).code).toBe(Code.OK);
    clock.advance(8 * 60 * 60 * 1000 - 60_000);
    expect((await me(session)).code).toBe(Code.OK);
    clock.advance(8 * 60 * 60 * 1000);
    expect(await me(session)).toEqual({ code: Code.TOKEN_EXPIRED, msg: '登录已过期，请重新登录', data: null });
    // It stays ended: coming back does not revive it.
    expect((await me(session)).code).toBe(Code.TOKEN_EXPIRED);
    const [row] = await t.db().select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    expect(row?.endReason).toBe('idle');
  });

  it('logs out: the session ends and the cookie is cleared', async () => {
    const staff = await createStaffAccount(t.db(), { role: '客服' });
    const session = await logIn(staff.phone);
    const out = await t.request({ method: 'POST', url: ConsolePath.logout, headers: { cookie: session } });
    expect(out.json().code).toBe(Code.OK);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${CONSOLE_SESSION_COOKIE}=;`));
    expect((await me(session)).code).toBe(Code.TOKEN_INVALID);
  });

  it('ends the earlier session of the same browser at a new login', async () => {
    const staff = await createStaffAccount(t.db(), { role: '客服' });
    const first = await logIn(staff.phone);
    const clock = useMovableClock();
    clock.advance(61_000);
    expect((await login(staff.phone, STAFF_PASSWORD, first)).json().code).toBe(Code.OK);
    expect((await me(first)).code).toBe(Code.TOKEN_INVALID);
  });

  it('refuses a member 403 无权限访问 and a visitor 800 请先登录', async () => {
    const member = await t.account();
    expect(await me(undefined, member.token)).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
    expect(await me()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
    expect(await me(`${CONSOLE_SESSION_COOKIE}=made-up`)).toEqual({
      code: Code.TOKEN_INVALID,
      msg: '请先登录',
      data: null,
    });
  });

  it('lets a staff session through beside a member token that has died', async () => {
    const staff = await staffWithCookie(t.db(), '客服');
    expect((await me(staff.cookie, 'a-dead-member-token')).code).toBe(Code.OK);
  });
});
