import { AccountPath, Code } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createUser, loginAs } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';

describe('GET /api/user/bind_wx', () => {
  const t = useTestApp();

  const check = async (token?: string) =>
    (await t.request({ method: 'GET', url: AccountPath.bindWx, ...(token ? { token } : {}) })).json();

  it('asks for a login', async () => {
    expect((await check()).code).toBe(Code.TOKEN_INVALID);
  });

  it('tells whether a WeChat account is bound to the caller', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    expect((await check(token)).data).toEqual({ bound: false });
    await t.database.db.update(users).set({ wechatOpenId: 'oDSO_test_bound' }).where(eq(users.id, user.id));
    expect((await check(token)).data).toEqual({ bound: true });
  });
});
