import { AccountPath, Code } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversions, smsCodes, users } from '../../../db/schema';
import { createUser, loginAs, nextPhone } from '../../../testing';
import {
  accountByPhone,
  encryptPassword,
  latestSmsCodeRow,
  nextIp,
  sendAndReadCode,
  useAccountTestApp,
  useMovableClock,
} from '../account.testing';

describe('code login and registration', () => {
  const t = useAccountTestApp();

  const post = t.postFromNewIp;
  const fastLogin = async (body: Record<string, unknown>) => (await post(AccountPath.fastLogin, body)).json();
  const codeFor = (phone: string) => sendAndReadCode(t, { phone, ip: nextIp() });
  const userInfo = (token: string) => t.request({ method: 'GET', url: AccountPath.userInfo, token });
  const userByPhone = (phone: string) => accountByPhone(t, phone);
  const attemptsOf = async (phone: string) => (await latestSmsCodeRow(t, phone))!.attempts;

  it('registers a new phone with its code: reg true, 注册成功 and a working token', async () => {
    const phone = nextPhone();
    const body = await fastLogin({ phone, code: await codeFor(phone) });
    expect(body.code).toBe(Code.OK);
    expect(body.msg).toBe('注册成功');
    const user = await userByPhone(phone);
    expect(body.data).toEqual({
      token: body.data.token,
      user_id: user!.id,
      reg: true,
      user_info: { token: body.data.token },
    });
    expect((await userInfo(body.data.token)).json().data.phone).toBe(phone);
  });

  it('logs an existing phone in: reg false and 登录成功', async () => {
    const user = await createUser(t.database.db);
    const body = await fastLogin({ phone: user.phone, code: await codeFor(user.phone) });
    expect(body).toMatchObject({ code: Code.OK, msg: '登录成功', data: { user_id: user.id, reg: false } });
  });

  it('uses a code once', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone);
    expect((await fastLogin({ phone, code })).code).toBe(Code.OK);
    expect(await fastLogin({ phone, code })).toEqual({ code: Code.TOAST, msg: '验证码已失效，请重新获取', data: null });
  });

  it('lets exactly one of two concurrent logins with one code through, making one account', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone);
    const answers = await Promise.all([fastLogin({ phone, code }), fastLogin({ phone, code })]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([Code.OK, Code.TOAST]);
    expect(await t.database.db.$count(users, eq(users.phone, phone))).toBe(1);
  });

  it('refuses a wrong code and kills the code after five wrong tries', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let index = 0; index < 4; index++) {
      expect(await fastLogin({ phone, code: wrong })).toEqual({ code: Code.TOAST, msg: '验证码错误', data: null });
    }
    expect((await fastLogin({ phone, code: wrong })).msg).toBe('验证码错误次数过多，请重新获取');
    expect((await fastLogin({ phone, code })).msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('still accepts the right code after four wrong tries', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone);
    for (let index = 0; index < 4; index++) await fastLogin({ phone, code: 'x' });
    expect((await fastLogin({ phone, code })).code).toBe(Code.OK);
  });

  it('counts concurrent wrong tries atomically, so they never pass the limit of five', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone);
    await Promise.all(Array.from({ length: 8 }, () => fastLogin({ phone, code: 'wrong' })));
    expect(await attemptsOf(phone)).toBe(5);
    expect((await fastLogin({ phone, code })).msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('refuses an expired code', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone);
    await t.database.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    expect((await fastLogin({ phone, code })).msg).toBe('验证码已失效，请重新获取');
  });

  it('refuses a code sent for another purpose', async () => {
    const user = await createUser(t.database.db);
    const resetCode = await sendAndReadCode(t, { phone: user.phone, ip: nextIp(), type: 'ResetPwd' });
    expect((await fastLogin({ phone: user.phone, code: resetCode })).msg).toBe('验证码已失效，请重新获取');
  });

  it('answers the required-field messages of the form', async () => {
    expect(await fastLogin({ phone: '', code: '1' })).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入手机号' });
    expect(await fastLogin({ phone: '123', code: '1' })).toMatchObject({ msg: '请输入正确手机号' });
    expect(await fastLogin({ phone: nextPhone(), code: ' ' })).toMatchObject({ msg: '请输入验证码' });
  });

  it('opens sessions within the configured limit, kicking the oldest', async () => {
    const clock = useMovableClock();
    const phone = nextPhone();
    const tokens: string[] = [];
    for (let index = 0; index < 4; index++) {
      tokens.push((await fastLogin({ phone, code: await codeFor(phone) })).data.token);
      clock.advance(61_000);
    }
    expect((await userInfo(tokens[0]!)).json().code).toBe(Code.KICKED);
    expect((await userInfo(tokens[3]!)).json().code).toBe(Code.OK);
  });

  it('keeps the channel and records a register conversion for a click seen within 24 h', async () => {
    const phone = nextPhone();
    const click = { j_id: 'baidu-sem', bd_vid: `vid-${phone}`, bd_vid_time: Date.now() - 3_600_000 };
    const body = await fastLogin({ phone, code: await codeFor(phone), ...click });
    expect(body.data.reg).toBe(true);
    const user = await userByPhone(phone);
    expect(user).toMatchObject({ channel: 'baidu-sem', adClickId: click.bd_vid });
    const rows = await t.database.db.select().from(conversions).where(eq(conversions.userId, user!.id));
    expect(rows.map((row) => [row.kind, row.adClickId])).toEqual([['register', click.bd_vid]]);
  });

  it('records no conversion for a click older than 24 h, nor for an existing account', async () => {
    const phone = nextPhone();
    const stale = { bd_vid: 'old-click', bd_vid_time: Date.now() - 86_400_000 - 60_000 };
    await fastLogin({ phone, code: await codeFor(phone), ...stale });
    const existing = await createUser(t.database.db);
    await fastLogin({
      phone: existing.phone,
      code: await codeFor(existing.phone),
      bd_vid: 'x',
      bd_vid_time: Date.now(),
    });
    const ids = [(await userByPhone(phone))!.id, existing.id];
    for (const id of ids) expect(await t.database.db.$count(conversions, eq(conversions.userId, id))).toBe(0);
  });

  describe('bd/conversion', () => {
    it('records the client report once per user and kind', async () => {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const report = { bd_vid: 'vid-report', bd_vid_time: Date.now() - 1000, kind: 'register' };
      const answers = await Promise.all([
        post(AccountPath.conversion, report, token),
        post(AccountPath.conversion, report, token),
      ]);
      expect(answers.map((answer) => answer.json().data.created).sort()).toEqual([false, true]);
      expect((await post(AccountPath.conversion, { ...report, kind: 'pay' }, token)).json().data).toEqual({
        created: true,
      });
      expect(await t.database.db.$count(conversions, eq(conversions.userId, user.id))).toBe(2);
    });

    it('records nothing for a click older than 24 h', async () => {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const report = { bd_vid: 'vid-old', bd_vid_time: Date.now() - 90_000_000 };
      expect((await post(AccountPath.conversion, report, token)).json()).toEqual({
        code: Code.OK,
        msg: 'success',
        data: { created: false },
      });
    });

    it('needs a login', async () => {
      const report = { bd_vid: 'v', bd_vid_time: Date.now() };
      expect((await post(AccountPath.conversion, report)).json().code).toBe(Code.TOKEN_INVALID);
    });
  });

  describe('register and perfect', () => {
    it('registers with a code and a password that then logs in', async () => {
      const phone = nextPhone();
      const pwd = await encryptPassword(t, 'Secret123');
      const body = (await post(AccountPath.register, { phone, code: await codeFor(phone), pwd })).json();
      expect(body).toMatchObject({ code: Code.OK, msg: '注册成功', data: { reg: true } });
      const login = (await post(AccountPath.login, { phone, pwd: await encryptPassword(t, 'Secret123') })).json();
      expect(login).toMatchObject({ code: Code.OK, msg: '登录成功', data: { user_id: body.data.user_id, reg: false } });
    });

    it('tells an existing phone to log in instead', async () => {
      const user = await createUser(t.database.db);
      const pwd = await encryptPassword(t, 'Secret123');
      const body = (
        await post(AccountPath.register, { phone: user.phone, code: await codeFor(user.phone), pwd })
      ).json();
      expect(body).toEqual({ code: Code.TOAST, msg: '该手机号已注册，请直接登录', data: null });
    });

    it('refuses a weak password before spending the code', async () => {
      const phone = nextPhone();
      const code = await codeFor(phone);
      const weak = (
        await post(AccountPath.register, { phone, code, pwd: await encryptPassword(t, 'alllower1') })
      ).json();
      expect(weak).toEqual({ code: Code.BAD_REQUEST, msg: '密码需要6-24位数字、大小写字母组合', data: null });
      const strong = await encryptPassword(t, 'Secret123');
      expect((await post(AccountPath.register, { phone, code, pwd: strong })).json().code).toBe(Code.OK);
    });

    it('sets the first password of a code-registered account, once', async () => {
      const phone = nextPhone();
      const { token } = (await fastLogin({ phone, code: await codeFor(phone) })).data;
      const first = (await post(AccountPath.perfect, { pwd: await encryptPassword(t, 'First123') }, token)).json();
      expect(first).toEqual({ code: Code.OK, msg: '设置成功', data: null });
      const again = (await post(AccountPath.perfect, { pwd: await encryptPassword(t, 'Second123') }, token)).json();
      expect(again).toEqual({ code: Code.TOAST, msg: '您已设置过密码，如需修改请使用找回密码', data: null });
      const login = await post(AccountPath.login, { phone, pwd: await encryptPassword(t, 'First123') });
      expect(login.json().code).toBe(Code.OK);
    });

    it('needs a login to set a first password', async () => {
      const answer = await post(AccountPath.perfect, { pwd: await encryptPassword(t, 'First123') });
      expect(answer.json().code).toBe(Code.TOKEN_INVALID);
    });
  });
});
