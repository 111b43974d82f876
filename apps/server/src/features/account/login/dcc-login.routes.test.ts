import { AccountPath, Code } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createUser, nextPhone, type TestApp } from '../../../testing';
import { createAccountTestApp, fromIp, nextIp } from '../account.testing';
import { signDccToken } from './dcc.service';
import { signToken } from './signed-token';

describe('cross-site login', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await createAccountTestApp();
    secret = t.app.config.dccSharedSecret;
  });
  afterAll(async () => t.close());

  const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  const handover = (phone: string, exp = inSeconds(60)) => signDccToken(secret, { phone, exp });
  const call = async (url: string, token: string) =>
    (
      await t.request({ method: 'GET', url: `${url}?token=${encodeURIComponent(token)}`, headers: fromIp(nextIp()) })
    ).json();
  const invalid = { code: Code.BAD_REQUEST, msg: '登录凭证无效或已过期', data: null };

  it('previews a hand-over for the confirm dialog without using it', async () => {
    const fresh = nextPhone();
    const existing = await createUser(t.database.db);
    const body = await call(AccountPath.dccLoginLog, handover(fresh));
    expect(body).toEqual({
      code: Code.OK,
      msg: 'success',
      data: { phone: `${fresh.slice(0, 3)}****${fresh.slice(-4)}`, reg: true },
    });
    expect((await call(AccountPath.dccLoginLog, handover(existing.phone))).data.reg).toBe(false);
    const token = handover(fresh);
    await call(AccountPath.dccLoginLog, token);
    expect((await call(AccountPath.dccLogin, token)).code).toBe(Code.OK);
  });

  it('registers a new phone (reg true) and logs it in', async () => {
    const phone = nextPhone();
    const body = await call(AccountPath.dccLogin, handover(phone));
    const [user] = await t.database.db.select().from(users).where(eq(users.phone, phone));
    expect(body).toEqual({
      code: Code.OK,
      msg: '登录成功',
      data: { token: body.data.token, user_id: user!.id, reg: true, user_info: { token: body.data.token } },
    });
    expect(user!.channel).toBe('dcc');
    const info = await t.request({ method: 'GET', url: AccountPath.userInfo, token: body.data.token });
    expect(info.json().data.phone).toBe(phone);
  });

  it('logs an existing phone in (reg false)', async () => {
    const user = await createUser(t.database.db);
    expect((await call(AccountPath.dccLogin, handover(user.phone))).data).toMatchObject({
      user_id: user.id,
      reg: false,
    });
  });

  it('uses a hand-over once, even when two arrive together', async () => {
    const token = handover(nextPhone());
    const answers = await Promise.all([call(AccountPath.dccLogin, token), call(AccountPath.dccLogin, token)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([Code.OK, Code.TOAST]);
    expect(await call(AccountPath.dccLogin, token)).toEqual({ code: Code.TOAST, msg: '登录凭证已使用', data: null });
  });

  it.each([
    [
      'signed with another secret',
      () => signDccToken('another-secret-of-16+', { phone: nextPhone(), exp: inSeconds(60) }),
    ],
    ['expired', () => handover(nextPhone(), inSeconds(-1))],
    ['promising more than five minutes', () => handover(nextPhone(), inSeconds(330))],
    ['naming no valid phone', () => signToken(secret, { phone: '12345', exp: inSeconds(60) })],
    [
      'with its payload changed',
      () =>
        `${Buffer.from('{"phone":"13900000000","exp":9999999999}').toString('base64url')}.${handover(nextPhone()).split('.')[1]}`,
    ],
    ['not a token at all', () => 'garbage'],
  ])('refuses a hand-over %s', async (_, makeToken) => {
    const token = makeToken();
    expect(await call(AccountPath.dccLogin, token)).toEqual(invalid);
    expect(await call(AccountPath.dccLoginLog, token)).toEqual(invalid);
  });
});
