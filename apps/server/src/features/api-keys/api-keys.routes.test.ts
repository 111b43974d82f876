import {
  type ApiKeyItem,
  ApiKeyPath,
  apiKeyLimits,
  apiKeyMessages,
  Code,
  type CreatedApiKey,
  PermissionPath,
  type UsageLog,
} from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { linkSubAccount } from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { apiUnitAllowance } from './api-keys.testing';
import { authenticateApiKey, eraseApiKeysOf, spendApiUnits } from './index';

/** What an AppError thrown by `run` says: its code, message and data. */
async function refusalOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, msg: error.message, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('API keys', () => {
  const t = useTestApp();
  const { db, get, post } = t;

  const create = async (token: string, name = '我的密钥') => post(ApiKeyPath.create, token, { name });
  const createKey = async (token: string, name = '我的密钥') => (await create(token, name)).data as CreatedApiKey;
  const listOf = async (token: string) => (await get(ApiKeyPath.list, token)).data.items as ApiKeyItem[];
  const bearer = (key: string) => `Bearer ${key}`;
  const apiUse = async (token: string) =>
    (await get(`${PermissionPath.use}?permission=API_UNIT_DAY_COUNT`, token)).data as {
      per_val: number;
      use_val: number;
    };

  it('asks a visitor to log in for every call', async () => {
    expect((await get(ApiKeyPath.list)).code).toBe(Code.TOKEN_INVALID);
    expect((await post(ApiKeyPath.create, undefined, { name: 'x' })).code).toBe(Code.TOKEN_INVALID);
    expect((await post(ApiKeyPath.rename, undefined, { id: 1, name: 'x' })).code).toBe(Code.TOKEN_INVALID);
    expect((await post(ApiKeyPath.revoke, undefined, { id: 1 })).code).toBe(Code.TOKEN_INVALID);
  });

  it('shows a new key once, whole, and afterwards only its prefix; the key authenticates as its owner', async () => {
    const { id, token } = await t.account({ grade: 'VIP' });
    const answer = await create(token, '  数据看板  ');
    expect(answer).toMatchObject({ code: Code.OK, msg: apiKeyMessages.created });
    const { key, item } = answer.data as CreatedApiKey;
    expect(key).toMatch(/^dso_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ name: '数据看板', prefix: key.slice(0, 12), last_used_at: null });
    const listed = await listOf(token);
    expect(listed).toEqual([item]);
    expect(JSON.stringify(await get(ApiKeyPath.list, token))).not.toContain(key.slice(12));

    const caller = await authenticateApiKey(db(), bearer(key));
    expect(caller).toMatchObject({
      keyId: item.id,
      keyName: '数据看板',
      userId: id,
      viewer: { userId: id, grade: 'VIP' },
    });
    expect((await listOf(token))[0]!.last_used_at).not.toBeNull();
  });

  it('refuses names that are empty or longer than 20 characters, counting characters rather than UTF-16 units', async () => {
    const { token } = await t.account({ grade: 'VIP' });
    expect(await post(ApiKeyPath.create, token, { name: '   ' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: apiKeyMessages.nameEmpty,
    });
    expect(await post(ApiKeyPath.create, token, {})).toMatchObject({ code: Code.BAD_REQUEST });
    expect(await create(token, '字'.repeat(21))).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: apiKeyMessages.nameTooLong,
    });
    // 20 characters outside the BMP are 40 UTF-16 units: still 20 characters.
    expect((await create(token, '𠀀'.repeat(20))).code).toBe(Code.OK);
    expect((await create(token, '字'.repeat(20))).code).toBe(Code.OK);
  });

  it('holds at most 10 live keys, also when they are asked for at once; revoking one frees a place', async () => {
    const { token } = await t.account({ grade: 'VIP' });
    const answers = await Promise.all(
      Array.from({ length: apiKeyLimits.liveKeysMax + 3 }, (_, index) => create(token, `密钥${index}`)),
    );
    expect(answers.filter((answer) => answer.code === Code.OK)).toHaveLength(apiKeyLimits.liveKeysMax);
    expect(answers.filter((answer) => answer.code === Code.TOAST).map((answer) => answer.msg)).toEqual([
      apiKeyMessages.tooMany,
      apiKeyMessages.tooMany,
      apiKeyMessages.tooMany,
    ]);
    const listed = await listOf(token);
    expect(listed).toHaveLength(apiKeyLimits.liveKeysMax);
    expect((await post(ApiKeyPath.revoke, token, { id: listed[0]!.id })).code).toBe(Code.OK);
    expect((await create(token, '新的')).code).toBe(Code.OK);
    expect((await create(token, '再一个')).msg).toBe(apiKeyMessages.tooMany);
  });

  it("renames and revokes only the caller's own live keys", async () => {
    const owner = await t.account({ grade: 'VIP' });
    const stranger = await t.account({ grade: 'VIP' });
    const { item } = await createKey(owner.token, '旧名');
    expect(await post(ApiKeyPath.rename, stranger.token, { id: item.id, name: '偷改' })).toMatchObject({
      code: Code.NOT_FOUND,
      msg: apiKeyMessages.missing,
    });
    expect((await post(ApiKeyPath.revoke, stranger.token, { id: item.id })).code).toBe(Code.NOT_FOUND);
    expect(await post(ApiKeyPath.rename, owner.token, { id: item.id, name: '新名' })).toMatchObject({
      code: Code.OK,
      data: { id: item.id, name: '新名' },
    });
    expect((await listOf(owner.token)).map((key) => key.name)).toEqual(['新名']);
    expect((await post(ApiKeyPath.rename, owner.token, { id: 'abc', name: '新名' })).code).toBe(Code.BAD_REQUEST);
  });

  it('refuses a revoked, unknown, malformed or missing key with 800', async () => {
    const { token } = await t.account({ grade: 'VIP' });
    const { key, item } = await createKey(token);
    await authenticateApiKey(db(), bearer(key));
    expect(await post(ApiKeyPath.revoke, token, { id: item.id })).toMatchObject({ code: Code.OK });
    expect(await listOf(token)).toEqual([]);
    expect((await post(ApiKeyPath.revoke, token, { id: item.id })).code).toBe(Code.NOT_FOUND);
    const invalid = { code: Code.TOKEN_INVALID, msg: apiKeyMessages.invalid, data: null };
    expect(await refusalOf(() => authenticateApiKey(db(), bearer(key)))).toEqual(invalid);
    expect(await refusalOf(() => authenticateApiKey(db(), bearer(`dso_${'A'.repeat(43)}`)))).toEqual(invalid);
    expect(await refusalOf(() => authenticateApiKey(db(), bearer('not-a-key')))).toEqual(invalid);
    expect(await refusalOf(() => authenticateApiKey(db(), key))).toEqual(invalid);
    expect(await refusalOf(() => authenticateApiKey(db(), undefined))).toEqual(invalid);
  });

  it('allows 60 calls a minute per key, refuses the next with 609 until the minute is over, and counts each key apart', async () => {
    const { token } = await t.account({ grade: 'VIP' });
    const { key } = await createKey(token, '快');
    const { key: other } = await createKey(token, '慢');
    const start = new Date('2026-03-02T08:00:00Z');
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const results = await Promise.allSettled(
      Array.from({ length: apiKeyLimits.callsPerMinute + 5 }, () => authenticateApiKey(db(), bearer(key), at(1))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(apiKeyLimits.callsPerMinute);
    expect(await refusalOf(() => authenticateApiKey(db(), bearer(key), at(59)))).toEqual({
      code: Code.LIMITED,
      msg: apiKeyMessages.tooFast,
      // The minute opened at the first call (second 1) and ends at second 61.
      data: { retry_after_seconds: 2 },
    });
    await expect(authenticateApiKey(db(), bearer(other), at(30))).resolves.toMatchObject({ keyName: '慢' });
    await expect(authenticateApiKey(db(), bearer(key), at(61))).resolves.toMatchObject({ keyName: '快' });
  });

  it('charges the units of a call once, in the usage ledger with the key name, and gives them back when the call fails', async () => {
    const { token } = await t.account({ grade: 'VIP' });
    const { key } = await createKey(token, '选词脚本');
    const caller = await authenticateApiKey(db(), bearer(key));
    expect(await apiUse(token)).toEqual({ per_val: apiUnitAllowance('VIP'), use_val: 0 });

    const answer = await spendApiUnits(db(), caller, { units: 3, what: '关键词搜索 露营' }, async () => '结果');
    expect(answer).toBe('结果');
    expect(await apiUse(token)).toEqual({ per_val: apiUnitAllowance('VIP'), use_val: 3 });

    const failure = new Error('search failed');
    await expect(
      spendApiUnits(db(), caller, { units: 5, what: '关键词详情 露营' }, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await apiUse(token)).toEqual({ per_val: apiUnitAllowance('VIP'), use_val: 3 });

    const log: UsageLog = (await get(PermissionPath.usageLog, token)).data;
    const api = log.permissions.find((permission) => permission.alias === 'API_UNIT_DAY_COUNT')!;
    expect(api.day_used).toBe(3);
    expect(
      api.entries.map((entry) => [entry.reason, entry.amount, entry.state]).sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      ['API 密钥「选词脚本」：关键词详情 露营', -5, 'settled'],
      ['API 密钥「选词脚本」：关键词搜索 露营', 3, 'settled'],
      ['API 密钥「选词脚本」：关键词详情 露营', 5, 'returned'],
    ]);
  });

  it('refuses a grade without API units with the upgrade prompt: no key for it, and no call once the membership ends', async () => {
    const free = await t.account();
    expect(await create(free.token)).toMatchObject({
      code: Code.NEEDS_UPGRADE,
      msg: '权限不足，升级会员版本可查看更多数据~',
      data: { alias: 'API_UNIT_DAY_COUNT', reason: 'lacking', action: 'pay', grade: 'VIP' },
    });
    expect(await listOf(free.token)).toEqual([]);

    const { id, token } = await t.account({ grade: 'VIP' });
    const { key } = await createKey(token);
    await db()
      .update(users)
      .set({ gradeEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, id));
    const caller = await authenticateApiKey(db(), bearer(key));
    expect(caller.viewer.grade).toBe('FREE');
    let worked = false;
    expect(
      await refusalOf(() =>
        spendApiUnits(db(), caller, { units: 1, what: '关键词搜索' }, async () => {
          worked = true;
        }),
      ),
    ).toEqual({
      code: Code.NEEDS_UPGRADE,
      msg: '权限不足，升级会员版本可查看更多数据~',
      data: { alias: 'API_UNIT_DAY_COUNT', reason: 'lacking', action: 'pay', grade: 'VIP' },
    });
    expect(worked).toBe(false);
  });

  it("refuses calls past the day's units, exactly as many served as there are units when they race", async () => {
    const { token } = await t.account({ grade: 'VIP' });
    const caller = await authenticateApiKey(db(), bearer((await createKey(token)).key));
    await spendApiUnits(db(), caller, { units: apiUnitAllowance('VIP') - 4, what: '批量' }, async () => null);
    let served = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        spendApiUnits(db(), caller, { units: 1, what: '关键词搜索' }, async () => {
          served++;
        }),
      ),
    );
    expect(served).toBe(4);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refusals).toHaveLength(6);
    expect(refusals.every((error) => error instanceof AppError && error.code === Code.NEEDS_UPGRADE)).toBe(true);
    expect((refusals[0] as AppError).data).toMatchObject({ alias: 'API_UNIT_DAY_COUNT', reason: 'exhausted' });
    expect(await apiUse(token)).toEqual({ per_val: apiUnitAllowance('VIP'), use_val: apiUnitAllowance('VIP') });
  });

  it("stops a closed account's keys: the erasure deletes them", async () => {
    const { id, token } = await t.account({ grade: 'VIP' });
    const { key } = await createKey(token);
    await authenticateApiKey(db(), bearer(key));
    await eraseApiKeysOf(db(), id);
    expect((await refusalOf(() => authenticateApiKey(db(), bearer(key)))).code).toBe(Code.TOKEN_INVALID);
    expect(await listOf(token)).toEqual([]);
  });

  it("lets a child account's key act with its parent's grade and spend the parent's units", async () => {
    const parent = await t.account({ grade: 'SVIP' });
    const child = await t.account();
    // Alone the child is FREE and may not make a key; bound, it holds its parent's grade.
    expect((await create(child.token)).code).toBe(Code.NEEDS_UPGRADE);
    await linkSubAccount(db(), parent.id, child);
    const { key } = await createKey(child.token, '子账号脚本');
    const caller = await authenticateApiKey(db(), bearer(key));
    expect(caller).toMatchObject({ userId: child.id, viewer: { userId: child.id, grade: 'SVIP' } });
    await spendApiUnits(db(), caller, { units: 2, what: '热词榜单' }, async () => null);
    expect(await apiUse(parent.token)).toEqual({ per_val: apiUnitAllowance('SVIP'), use_val: 2 });
    const log: UsageLog = (await get(PermissionPath.usageLog, parent.token)).data;
    const api = log.permissions.find((permission) => permission.alias === 'API_UNIT_DAY_COUNT')!;
    expect(api.entries).toEqual([
      expect.objectContaining({ reason: 'API 密钥「子账号脚本」：热词榜单', amount: 2, by_child: true }),
    ]);
  });
});
