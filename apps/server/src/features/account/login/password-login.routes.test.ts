import { AccountPath, Code } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverKeys, users } from '../../../db/schema';
import { createUser, nextPhone } from '../../../testing';
import { encryptPassword, fromIp, nextIp, useAccountTestApp, useMovableClock } from '../account.testing';
import { hashPassword } from './password.service';
import { loadPasswordKey } from './server-keys.service';

describe('password login', () => {
  const t = useAccountTestApp();

  const PASSWORD = 'Correct123';
  const userWithPassword = async () => createUser(t.database.db, { passwordHash: await hashPassword(PASSWORD) });
  const login = async (phone: string, password: string, ip = nextIp()) =>
    (
      await t.request({
        method: 'POST',
        url: AccountPath.login,
        body: { phone, pwd: await encryptPassword(t, password) },
        headers: fromIp(ip),
      })
    ).json();
  const generic = { code: Code.TOAST, msg: '手机号或密码错误', data: null };
  const tooMany = { code: Code.LIMITED, msg: '密码错误次数过多，请稍后再试', data: null };

  it('keeps the first key when two instances create it at once', async () => {
    // Runs first, on a database no call has made a key in yet.
    const [one, two] = await Promise.all([loadPasswordKey(t.database.db), loadPasswordKey(t.database.db)]);
    expect(one.publicKeySpki).toBe(two.publicKeySpki);
    const [row] = await t.database.db.select().from(serverKeys);
    expect(row!.publicKey).toBe(one.publicKeySpki);
  });

  it('publishes one RSA-OAEP SHA-256 public key as SPKI base64, stored once for every instance', async () => {
    const first = (await t.request({ method: 'GET', url: AccountPath.publicKey })).json();
    expect(first.data.algorithm).toBe('RSA-OAEP');
    expect(first.data.hash).toBe('SHA-256');
    const key = await crypto.subtle.importKey(
      'spki',
      Buffer.from(first.data.public_key, 'base64'),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      true,
      ['encrypt'],
    );
    expect((key.algorithm as { modulusLength?: number }).modulusLength).toBe(2048);
    const second = (await t.request({ method: 'GET', url: AccountPath.publicKey })).json();
    expect(second.data.public_key).toBe(first.data.public_key);
    const [row] = await t.database.db.select().from(serverKeys);
    expect(row!.publicKey).toBe(first.data.public_key);
    expect(await t.database.db.$count(serverKeys)).toBe(1);
  });

  it('logs in with the right password sent encrypted, storing only an argon2id hash', async () => {
    const user = await userWithPassword();
    const body = await login(user.phone, PASSWORD);
    expect(body).toMatchObject({ code: Code.OK, msg: '登录成功', data: { user_id: user.id, reg: false } });
    expect(body.data.user_info.token).toBe(body.data.token);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password, an unknown phone and an account without password alike', async () => {
    const user = await userWithPassword();
    const noPassword = await createUser(t.database.db);
    expect(await login(user.phone, 'Wrong1234')).toEqual(generic);
    expect(await login(nextPhone(), PASSWORD)).toEqual(generic);
    expect(await login(noPassword.phone, PASSWORD)).toEqual(generic);
  });

  it('refuses a password that was not encrypted with the server key', async () => {
    const user = await userWithPassword();
    const response = await t.postFromNewIp(AccountPath.login, {
      phone: user.phone,
      pwd: Buffer.from(PASSWORD).toString('base64'),
    });
    expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg: '密码格式错误，请刷新页面重试', data: null });
  });

  it('holds a phone for 15 minutes after five failures, even against the right password', async () => {
    const clock = useMovableClock();
    const user = await userWithPassword();
    for (let index = 0; index < 5; index++) expect(await login(user.phone, 'Wrong1234')).toEqual(generic);
    expect(await login(user.phone, PASSWORD)).toEqual(tooMany);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(user.phone, PASSWORD)).code).toBe(Code.OK);
  });

  it('lets no more than five of many concurrent wrong guesses be checked', async () => {
    const user = await userWithPassword();
    const pwd = await encryptPassword(t, 'Wrong1234');
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => t.postFromNewIp(AccountPath.login, { phone: user.phone, pwd })),
    );
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((code) => code === Code.TOAST)).toHaveLength(5);
    expect(codes.filter((code) => code === Code.LIMITED)).toHaveLength(4);
  });

  it('forgets the failures of a phone after a successful login', async () => {
    const user = await userWithPassword();
    for (let index = 0; index < 4; index++) await login(user.phone, 'Wrong1234');
    expect((await login(user.phone, PASSWORD)).code).toBe(Code.OK);
    for (let index = 0; index < 4; index++) expect(await login(user.phone, 'Wrong1234')).toEqual(generic);
    expect((await login(user.phone, PASSWORD)).code).toBe(Code.OK);
  });

  it('holds an address after 20 failures within an hour, whatever the phones', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    for (let index = 0; index < 20; index++) expect(await login(nextPhone(), 'Wrong1234', ip)).toEqual(generic);
    const user = await userWithPassword();
    expect(await login(user.phone, PASSWORD, ip)).toEqual(tooMany);
    expect((await login(user.phone, PASSWORD)).code).toBe(Code.OK);
    clock.advance(3_600_000);
    expect((await login(user.phone, PASSWORD, ip)).code).toBe(Code.OK);
  });

  it('answers the form messages for missing fields', async () => {
    const send = (body: unknown) => t.postFromNewIp(AccountPath.login, body).then((r) => r.json());
    expect(await send({ pwd: 'x' })).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入手机号' });
    expect(await send({ phone: nextPhone(), pwd: '' })).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入密码' });
  });
});
