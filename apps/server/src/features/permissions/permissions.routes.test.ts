import { Code, PermissionPath, permissionTreeSchema } from '@dso/contract';
import { lowestGrantingGrade } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { consumePermission, ensurePermissionConfig } from './index';

describe('permission calls', () => {
  const t = useTestApp({}, (app) => ensurePermissionConfig(app.database.db));

  const use = (permission: string, token?: string) =>
    t.request({ method: 'GET', url: `${PermissionPath.use}?permission=${permission}`, ...(token ? { token } : {}) });

  it('serves the permission tree to a visitor', async () => {
    const response = await t.request({ method: 'GET', url: PermissionPath.roles });
    const body = response.json();
    expect(body.code).toBe(Code.OK);
    const tree = permissionTreeSchema.parse(body.data);
    expect(lowestGrantingGrade(tree, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT')).toBe('SVIP');
    expect(tree.find((node) => node.alias === 'HOT_VIDEO_GOODS_ANAS')!.children).toEqual([
      { id: expect.any(Number), permission_role_bind: [{ type: 'ROLE', value: '30086', ext: '1' }] },
    ]);
  });

  it('serves the same tree to a signed-in user', async () => {
    const user = await createUser(t.database.db, { grade: 'VIP' });
    const token = await loginAs(t.database.db, user.id);
    const visitor = (await t.request({ method: 'GET', url: PermissionPath.roles })).json();
    const member = (await t.request({ method: 'GET', url: PermissionPath.roles, token })).json();
    expect(member.data).toEqual(visitor.data);
  });

  it('asks a visitor to log in for the use of a permission', async () => {
    const body = (await use('AI_WRITING_COUNT_DAY')).json();
    expect(body.code).toBe(Code.TOKEN_INVALID);
  });

  it("answers the user's per_val and use_val for the current period", async () => {
    const user = await createUser(t.database.db, { grade: 'SVIP' });
    const token = await loginAs(t.database.db, user.id);
    await consumePermission(t.database.db, { userId: user.id, alias: 'AI_WRITING_BATCH_EXTRACTION', amount: 12 });
    const body = (await use('AI_WRITING_BATCH_EXTRACTION', token)).json();
    expect(body).toEqual({ code: Code.OK, msg: 'success', data: { per_val: 150, use_val: 12 } });
  });

  it('answers 0 for a permission the grade lacks', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    expect((await use('SUB_ACCOUNT_COUNT', token)).json().data).toEqual({ per_val: 0, use_val: 0 });
    expect((await use('VIDEO_LIBRARY_DETAIL_VIDEO_DATA', token)).json().data).toEqual({ per_val: 1, use_val: 0 });
  });

  it('rejects an unknown or missing permission alias', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    const unknown = (await use('NOT_A_PERMISSION', token)).json();
    expect(unknown.code).toBe(Code.BAD_REQUEST);
    expect(unknown.msg).toBe('权限标识不存在');
    const missing = (await t.request({ method: 'GET', url: PermissionPath.use, token })).json();
    expect(missing.code).toBe(Code.BAD_REQUEST);
    expect(missing.msg).toBe('权限标识不能为空');
  });
});
