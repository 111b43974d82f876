import { AccountPath, Code } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { subAccountLinks } from '../../../db/schema';
import { createUser, linkSubAccount, loginAs, nextPhone } from '../../../testing';
import {
  fromIp,
  lastCode,
  latestSmsCodeRow,
  type MovableClock,
  nextIp,
  requestCode,
  type SendOptions,
  solveCaptcha,
  useAccountTestApp,
  useMovableClock,
} from '../account.testing';
import { hashCode } from './sms-code.service';

describe('SMS code sends', () => {
  const t = useAccountTestApp();

  const send = async (options: SendOptions) => (await requestCode(t, options)).json();
  const latestRow = (phone: string) => latestSmsCodeRow(t, phone);
  /** `rounds` sends to each phone, a countdown apart on `clock`, as one client would make them. */
  const sendRounds = async (clock: MovableClock, ip: string, phones: string[], rounds: number) => {
    for (let round = 0; round < rounds; round++) {
      for (const phone of phones) expect((await send({ phone, ip })).code).toBe(Code.OK);
      clock.advance(61_000);
    }
  };

  it('sends a login code through the sandbox and stores only its hash, for five minutes', async () => {
    const phone = nextPhone();
    const before = Date.now();
    const body = await send({ phone, ip: nextIp() });
    const after = Date.now();
    expect(body).toEqual({ code: Code.OK, msg: '发送成功', data: { countdown: 60 } });
    const code = await lastCode(t, phone);
    const row = await latestRow(phone);
    expect(row!.purpose).toBe('login');
    expect(row!.codeHash).toBe(hashCode(phone, 'login', code));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 300_000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(after + 300_000);
  });

  it.each([
    [undefined, '手机号码不能为空！'],
    ['', '手机号码不能为空！'],
    ['1234567890', '请输入有效的手机号码！'],
    ['12345678901', '请输入有效的手机号码！'],
  ])('refuses the phone %j with %s', async (phone, msg) => {
    const response = await t.postFromNewIp(AccountPath.send, { phone });
    expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg, data: null });
  });

  it('asks for the captcha (660) when a send comes without a solved one or with a forged one', async () => {
    const ip = nextIp();
    expect(await send({ phone: nextPhone(), ip, captcha: null })).toEqual({
      code: Code.CAPTCHA_REQUIRED,
      msg: '请完成安全验证',
      data: null,
    });
    const forged = { randstr: 'abc', ticket: 'def' };
    expect((await send({ phone: nextPhone(), ip, captcha: forged })).code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('lets one ticket pay for one send only, even when two sends race with it', async () => {
    const ip = nextIp();
    const captcha = await solveCaptcha(t, ip);
    const answers = await Promise.all([
      send({ phone: nextPhone(), ip, captcha }),
      send({ phone: nextPhone(), ip, captcha }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([Code.OK, Code.CAPTCHA_REQUIRED]);
    expect((await send({ phone: nextPhone(), ip, captcha })).code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('refuses a second send within 60 s with 500 and the seconds left, and allows it after', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const phone = nextPhone();
    expect((await send({ phone, ip })).code).toBe(Code.OK);
    clock.advance(20_000);
    const refused = await send({ phone, ip });
    expect(refused).toEqual({ code: Code.SERVER_ERROR, msg: '发送过于频繁,40', data: null });
    clock.advance(40_000);
    expect((await send({ phone, ip })).code).toBe(Code.OK);
  });

  it('counts the 60 s per purpose: a reset code may follow a login code at once', async () => {
    const ip = nextIp();
    const user = await createUser(t.database.db);
    expect((await send({ phone: user.phone, ip })).code).toBe(Code.OK);
    expect((await send({ phone: user.phone, ip, type: 'ResetPwd' })).code).toBe(Code.OK);
    expect((await latestRow(user.phone))!.purpose).toBe('reset');
  });

  it('sends at most 5 codes per phone per hour', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const phone = nextPhone();
    await sendRounds(clock, ip, [phone], 5);
    expect(await send({ phone, ip })).toEqual({
      code: Code.LIMITED,
      msg: '该手机号获取验证码次数过多，请1小时后再试',
      data: null,
    });
    clock.advance(3_600_000);
    expect((await send({ phone, ip })).code).toBe(Code.OK);
  });

  it('sends at most 10 codes per phone per day', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const phone = nextPhone();
    await sendRounds(clock, ip, [phone], 5);
    clock.advance(3_600_000);
    await sendRounds(clock, ip, [phone], 5);
    clock.advance(3_600_000);
    expect((await send({ phone, ip })).msg).toBe('该手机号获取验证码次数过多，请24小时后再试');
    clock.advance(86_400_000);
    expect((await send({ phone, ip })).code).toBe(Code.OK);
  });

  it('sends at most 20 codes per address per hour', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const phones = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    await sendRounds(clock, ip, phones, 5);
    expect(await send({ phone: nextPhone(), ip })).toEqual({
      code: Code.LIMITED,
      msg: '发送次数过多，请1小时后再试',
      data: null,
    });
    expect((await send({ phone: nextPhone(), ip: nextIp() })).code).toBe(Code.OK);
  });

  it('shuts an address out of the login calls for 24 h (661) past 50 sends a day', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const morning = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    await sendRounds(clock, ip, morning, 5);
    clock.advance(3_600_000);
    await sendRounds(clock, ip, morning, 5);
    clock.advance(3_600_000);
    await sendRounds(clock, ip, [nextPhone(), nextPhone()], 5);
    const busy = { code: Code.IP_BUSY, msg: '访问过于频繁，24小时后可继续访问哦', data: null };
    expect(await send({ phone: nextPhone(), ip })).toEqual(busy);
    const puzzle = await t.request({ method: 'GET', url: AccountPath.captchaNew, headers: fromIp(ip) });
    expect(puzzle.json()).toEqual(busy);
    const login = await t.request({
      method: 'POST',
      url: AccountPath.fastLogin,
      body: { phone: morning[0], code: '123456' },
      headers: fromIp(ip),
    });
    expect(login.json()).toEqual(busy);
    clock.advance(86_400_000);
    expect((await send({ phone: nextPhone(), ip })).code).toBe(Code.OK);
  });

  it('sends an address that reaches a sixth phone within 10 minutes back to the captcha', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const phones = Array.from({ length: 5 }, () => nextPhone());
    for (const phone of phones) expect((await send({ phone, ip })).code).toBe(Code.OK);
    expect((await send({ phone: nextPhone(), ip })).code).toBe(Code.CAPTCHA_REQUIRED);
    clock.advance(61_000);
    expect((await send({ phone: phones[0]!, ip })).code).toBe(Code.OK);
    clock.advance(10 * 60_000);
    expect((await send({ phone: nextPhone(), ip })).code).toBe(Code.OK);
  });

  it('maps each path to its purpose and refuses a type the path does not serve', async () => {
    const ip = nextIp();
    const user = await createUser(t.database.db);
    expect((await send({ phone: user.phone, ip, url: AccountPath.fastSend })).code).toBe(Code.OK);
    expect((await latestRow(user.phone))!.purpose).toBe('reset');
    const phone = nextPhone();
    expect((await send({ phone, ip, url: AccountPath.sendLogin })).code).toBe(Code.OK);
    expect((await latestRow(phone))!.purpose).toBe('bind');
    expect(await send({ phone: nextPhone(), ip, url: AccountPath.send, type: 'ResetPwd' })).toEqual({
      code: Code.BAD_REQUEST,
      msg: '验证码类型错误',
      data: null,
    });
  });

  it('closes the login dialog (205) when a reset is asked for a phone without an account', async () => {
    expect(await send({ phone: nextPhone(), ip: nextIp(), type: 'ResetPwd' })).toEqual({
      code: Code.SMS_CLOSE_DIALOG,
      msg: '该手机号尚未注册',
      data: null,
    });
  });

  it('closes the login dialog (205) when the phone to bind already has a WeChat', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: `wx-${nextPhone()}` });
    expect(await send({ phone: user.phone, ip: nextIp(), type: 'BindPhone' })).toEqual({
      code: Code.SMS_CLOSE_DIALOG,
      msg: '该手机号已绑定其他微信',
      data: null,
    });
  });

  it('sends the old-phone code only to the logged-in account’s own phone', async () => {
    const ip = nextIp();
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    expect((await send({ phone: user.phone, ip, type: 'OldPhone', captcha: null })).code).toBe(Code.TOKEN_INVALID);
    expect(await send({ phone: nextPhone(), ip, type: 'OldPhone', token, captcha: null })).toEqual({
      code: Code.TOAST,
      msg: '验证码只能发送到当前账号的手机号',
      data: null,
    });
    expect((await send({ phone: user.phone, ip, type: 'OldPhone', token })).code).toBe(Code.OK);
    expect((await latestRow(user.phone))!.purpose).toBe('change_old');
  });

  it('sends the new-phone code only to a phone no account uses', async () => {
    const ip = nextIp();
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    expect((await send({ phone: user.phone, ip, type: 'NewPhone', token, captcha: null })).msg).toBe(
      '新手机号不能与原手机号相同',
    );
    expect(await send({ phone: other.phone, ip, type: 'NewPhone', token })).toEqual({
      code: Code.SMS_CLOSE_DIALOG,
      msg: '该手机号已被其他账号使用',
      data: null,
    });
    const fresh = nextPhone();
    expect((await send({ phone: fresh, ip, type: 'NewPhone', token })).code).toBe(Code.OK);
    expect((await latestRow(fresh))!.purpose).toBe('change_new');
  });

  it('sends the unbind code (api 5) only to a logged-in child account’s own phone', async () => {
    const ip = nextIp();
    const parent = await createUser(t.database.db, { grade: 'SVIP' });
    const child = await createUser(t.database.db);
    const loner = await createUser(t.database.db);
    const childToken = await loginAs(t.database.db, child.id);
    const lonerToken = await loginAs(t.database.db, loner.id);
    expect((await send({ phone: child.phone, ip, type: 'UnBind', captcha: null })).code).toBe(Code.TOKEN_INVALID);
    expect(await send({ phone: loner.phone, ip, type: 'UnBind', token: lonerToken, captcha: null })).toEqual({
      code: Code.SMS_CLOSE_DIALOG,
      msg: '当前账号不是子账号',
      data: null,
    });
    await linkSubAccount(t.database.db, parent.id, child);
    expect((await send({ phone: parent.phone, ip, type: 'UnBind', token: childToken, captcha: null })).code).toBe(
      Code.TOAST,
    );
    expect((await send({ phone: child.phone, ip, type: 'UnBind', token: childToken })).code).toBe(Code.OK);
    expect((await latestRow(child.phone))!.purpose).toBe('unbind');
  });

  it('sends the unbind code for a pending invite, which the child-account notice can unbind', async () => {
    const ip = nextIp();
    const parent = await createUser(t.database.db, { grade: 'SVIP' });
    const invitee = await createUser(t.database.db);
    const token = await loginAs(t.database.db, invitee.id);
    await t.database.db
      .insert(subAccountLinks)
      .values({ parentUserId: parent.id, childPhone: invitee.phone, status: 'pending' });
    expect((await send({ phone: invitee.phone, ip, type: 'UnBind', token })).code).toBe(Code.OK);
    expect((await latestRow(invitee.phone))!.purpose).toBe('unbind');
  });

  it('answers 650 when the SMS vendor fails, and frees the countdown for a retry', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const sandbox = t.app.providers.sms;
    t.app.providers.sms = {
      name: 'failing',
      sendCode: async () => {
        throw new Error('vendor down');
      },
    };
    try {
      expect(await send({ phone, ip })).toEqual({
        code: Code.SERVER_BUSY,
        msg: '短信发送失败，请稍后再试',
        data: null,
      });
    } finally {
      t.app.providers.sms = sandbox;
    }
    expect((await send({ phone, ip })).code).toBe(Code.OK);
  });
});
