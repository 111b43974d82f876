import { AccountPath, Code } from '@dso/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, wechatLoginTickets } from '../../../db/schema';
import { createUser, loginAs, nextPhone } from '../../../testing';
import {
  accountByPhone,
  encryptPassword,
  nextIp,
  sendAndReadCode,
  useAccountTestApp,
  useMovableClock,
} from '../account.testing';
import { hashPassword } from '../login/password.service';

describe('bind phone, reset password, change phone', () => {
  const t = useAccountTestApp();

  const post = async (url: string, body: unknown, token?: string) => (await t.postFromNewIp(url, body, token)).json();
  const userByPhone = (phone: string) => accountByPhone(t, phone);
  const liveSessions = (userId: number) =>
    t.database.db.$count(sessions, and(eq(sessions.userId, userId), isNull(sessions.endedAt)));

  describe('bind_phone', () => {
    let ticketCounter = 0;
    /** What the WeChat login leaves behind for a scan without an account. */
    const needBindTicket = async (openId: string, expiresAt = new Date(Date.now() + 30 * 60_000)) => {
      ticketCounter += 1;
      await t.database.db.insert(wechatLoginTickets).values({
        ticket: `t-${openId}-${ticketCounter}`,
        sceneId: `s-${openId}-${ticketCounter}`,
        status: 'need_bind',
        openId,
        expiresAt,
      });
    };
    const bindCode = (phone: string) => sendAndReadCode(t, { phone, ip: nextIp(), type: 'BindPhone' });

    it('binds a new phone to the scanned WeChat, creating the account, and logs it in', async () => {
      const phone = nextPhone();
      const openId = `wx-${phone}`;
      await needBindTicket(openId);
      const body = await post(AccountPath.bindPhone, { phone, code: await bindCode(phone), open_id: openId });
      const user = await userByPhone(phone);
      expect(body).toEqual({ code: Code.OK, msg: '绑定成功', data: { token: body.data.token, user_id: user!.id } });
      expect(user!.wechatOpenId).toBe(openId);
      const [ticket] = await t.database.db
        .select()
        .from(wechatLoginTickets)
        .where(eq(wechatLoginTickets.openId, openId));
      expect(ticket).toMatchObject({ status: 'done', userId: user!.id });
      const info = await t.request({ method: 'GET', url: AccountPath.userInfo, token: body.data.token });
      expect(info.json().data.user_id).toBe(user!.id);
    });

    it('binds to the existing account of a phone', async () => {
      const user = await createUser(t.database.db);
      const openId = `wx-${user.phone}`;
      await needBindTicket(openId);
      const body = await post(AccountPath.bindPhone, {
        phone: user.phone,
        code: await bindCode(user.phone),
        open_id: openId,
      });
      expect(body.data.user_id).toBe(user.id);
      expect((await userByPhone(user.phone))!.wechatOpenId).toBe(openId);
    });

    it('binds a WeChat once: the ticket cannot be used again', async () => {
      const phone = nextPhone();
      const openId = `wx-${phone}`;
      await needBindTicket(openId);
      expect((await post(AccountPath.bindPhone, { phone, code: await bindCode(phone), open_id: openId })).code).toBe(
        Code.OK,
      );
      const other = nextPhone();
      const again = await post(AccountPath.bindPhone, { phone: other, code: await bindCode(other), open_id: openId });
      expect(again).toEqual({ code: Code.TOAST, msg: '微信授权已失效，请重新扫码', data: null });
      expect(await userByPhone(other)).toBeUndefined();
    });

    it('refuses an open_id that no need_bind scan produced, or one whose bind window has closed', async () => {
      const phone = nextPhone();
      const code = await bindCode(phone);
      expect((await post(AccountPath.bindPhone, { phone, code, open_id: 'made-up' })).msg).toBe(
        '微信授权已失效，请重新扫码',
      );
      await needBindTicket('wx-stale', new Date(Date.now() - 1000));
      expect((await post(AccountPath.bindPhone, { phone, code, open_id: 'wx-stale' })).msg).toBe(
        '微信授权已失效，请重新扫码',
      );
    });

    it('refuses a phone whose account already has another WeChat', async () => {
      const user = await createUser(t.database.db, { wechatOpenId: `wx-first-${nextPhone()}` });
      await needBindTicket('wx-second');
      const body = await post(AccountPath.bindPhone, { phone: user.phone, code: '123456', open_id: 'wx-second' });
      expect(body).toEqual({ code: Code.TOAST, msg: '该手机号已绑定其他微信', data: null });
    });

    it('refuses a wrong code', async () => {
      const phone = nextPhone();
      await needBindTicket(`wx-${phone}`);
      await bindCode(phone);
      expect((await post(AccountPath.bindPhone, { phone, code: 'nope', open_id: `wx-${phone}` })).msg).toBe(
        '验证码错误',
      );
    });
  });

  describe('reset_pwd', () => {
    const resetCode = (phone: string) => sendAndReadCode(t, { phone, ip: nextIp(), type: 'ResetPwd' });
    const passwordLogin = async (phone: string, password: string) =>
      post(AccountPath.login, { phone, pwd: await encryptPassword(t, password) });

    it('sets the new password and ends every session of the account', async () => {
      const user = await createUser(t.database.db, { passwordHash: await hashPassword('Old12345') });
      const earlier = await loginAs(t.database.db, user.id);
      const body = await post(AccountPath.resetPassword, {
        phone: user.phone,
        code: await resetCode(user.phone),
        pwd: await encryptPassword(t, 'New12345'),
      });
      expect(body).toEqual({ code: Code.OK, msg: '密码修改成功', data: null });
      expect((await passwordLogin(user.phone, 'Old12345')).code).toBe(Code.TOAST);
      expect((await passwordLogin(user.phone, 'New12345')).code).toBe(Code.OK);
      const info = await t.request({ method: 'GET', url: AccountPath.userInfo, token: earlier });
      expect(info.json().code).toBe(Code.TOKEN_INVALID);
      const ended = await t.database.db.select().from(sessions).where(eq(sessions.endReason, 'password'));
      expect(ended.map((row) => row.userId)).toContain(user.id);
    });

    it('keeps the session that made the change when logged in, ending the others', async () => {
      const user = await createUser(t.database.db);
      const other = await loginAs(t.database.db, user.id);
      const current = await loginAs(t.database.db, user.id);
      const pwd = await encryptPassword(t, 'New12345');
      const body = await post(
        AccountPath.resetPassword,
        { phone: user.phone, code: await resetCode(user.phone), pwd },
        current,
      );
      expect(body.code).toBe(Code.OK);
      expect((await t.request({ method: 'GET', url: AccountPath.userInfo, token: current })).json().code).toBe(Code.OK);
      expect((await t.request({ method: 'GET', url: AccountPath.userInfo, token: other })).json().code).toBe(
        Code.TOKEN_INVALID,
      );
      expect(await liveSessions(user.id)).toBe(1);
    });

    it('locks the phone to the logged-in account’s own', async () => {
      const user = await createUser(t.database.db);
      const stranger = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const body = await post(
        AccountPath.resetPassword,
        { phone: stranger.phone, code: await resetCode(stranger.phone), pwd: await encryptPassword(t, 'New12345') },
        token,
      );
      expect(body).toEqual({ code: Code.TOAST, msg: '只能修改当前账号的密码', data: null });
    });

    it('holds the new password to the rule and keeps the code for a second try', async () => {
      const user = await createUser(t.database.db);
      const code = await resetCode(user.phone);
      const weak = await post(AccountPath.resetPassword, {
        phone: user.phone,
        code,
        pwd: await encryptPassword(t, 'short'),
      });
      expect(weak).toEqual({ code: Code.BAD_REQUEST, msg: '密码需要6-24位数字、大小写字母组合', data: null });
      const strong = await encryptPassword(t, 'Strong123');
      expect((await post(AccountPath.resetPassword, { phone: user.phone, code, pwd: strong })).code).toBe(Code.OK);
    });

    it('refuses a wrong code', async () => {
      const user = await createUser(t.database.db);
      await resetCode(user.phone);
      const body = await post(AccountPath.resetPassword, {
        phone: user.phone,
        code: '000000x',
        pwd: await encryptPassword(t, 'Strong123'),
      });
      expect(body.msg).toBe('验证码错误');
    });
  });

  describe('change phone', () => {
    const send = (phone: string, type: 'OldPhone' | 'NewPhone', token: string) =>
      sendAndReadCode(t, { phone, ip: nextIp(), type, token });
    const verifyOld = async (user: { phone: string }, token: string) =>
      post(AccountPath.verifyRawCode, { code: await send(user.phone, 'OldPhone', token) }, token);

    it('moves the account to a new phone after the old phone and the new one are verified', async () => {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const verified = await verifyOld(user, token);
      expect(verified.code).toBe(Code.OK);
      const phone = nextPhone();
      const body = await post(
        AccountPath.updateUserPhone,
        { phone, code: await send(phone, 'NewPhone', token), verify_token: verified.data.verify_token },
        token,
      );
      expect(body).toEqual({ code: Code.OK, msg: '手机号修改成功', data: null });
      expect((await t.request({ method: 'GET', url: AccountPath.userInfo, token })).json().data.phone).toBe(phone);
    });

    it('lets one verification move the phone once', async () => {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const { verify_token } = (await verifyOld(user, token)).data;
      const first = nextPhone();
      await post(
        AccountPath.updateUserPhone,
        { phone: first, code: await send(first, 'NewPhone', token), verify_token },
        token,
      );
      const second = nextPhone();
      const again = await post(
        AccountPath.updateUserPhone,
        { phone: second, code: await send(second, 'NewPhone', token), verify_token },
        token,
      );
      expect(again).toEqual({ code: Code.TOAST, msg: '原手机号验证已失效，请重新验证', data: null });
    });

    it('lets the verification lapse after 10 minutes', async () => {
      const clock = useMovableClock();
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const { verify_token } = (await verifyOld(user, token)).data;
      const phone = nextPhone();
      const code = await send(phone, 'NewPhone', token);
      clock.advance(10 * 60_000 + 1000);
      const body = await post(AccountPath.updateUserPhone, { phone, code, verify_token }, token);
      expect(body.msg).toBe('原手机号验证已失效，请重新验证');
    });

    it('refuses a forged or another account’s verification', async () => {
      const user = await createUser(t.database.db);
      const other = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const otherToken = await loginAs(t.database.db, other.id);
      const othersProof = (await verifyOld(other, otherToken)).data.verify_token;
      const phone = nextPhone();
      const code = await send(phone, 'NewPhone', token);
      for (const verify_token of [othersProof, 'e30.forged', `${othersProof}x`]) {
        const body = await post(AccountPath.updateUserPhone, { phone, code, verify_token }, token);
        expect(body.msg).toBe('原手机号验证已失效，请重新验证');
      }
    });

    it('refuses a new phone another account took meanwhile', async () => {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const { verify_token } = (await verifyOld(user, token)).data;
      const phone = nextPhone();
      const code = await send(phone, 'NewPhone', token);
      await createUser(t.database.db, { phone });
      const body = await post(AccountPath.updateUserPhone, { phone, code, verify_token }, token);
      expect(body).toEqual({ code: Code.TOAST, msg: '该手机号已被其他账号使用', data: null });
    });

    it('needs a login and a right old-phone code', async () => {
      expect((await post(AccountPath.verifyRawCode, { code: '123456' })).code).toBe(Code.TOKEN_INVALID);
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      await send(user.phone, 'OldPhone', token);
      expect((await post(AccountPath.verifyRawCode, { code: 'wrong' }, token)).msg).toBe('验证码错误');
    });
  });
});
