import { AccountPath, Code, userInfoSchema } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { createUser, linkSubAccount, loginAs } from '../../../testing';
import { useAccountTestApp } from '../account.testing';

describe('user info and logout', () => {
  const t = useAccountTestApp();

  const info = (token?: string) =>
    t.request({ method: 'GET', url: AccountPath.userInfo, ...(token ? { token } : {}) }).then((r) => r.json());
  const DAY = 86_400_000;

  it('describes a free account in the contract’s shape', async () => {
    const user = await createUser(t.database.db, { showOriginalData: true });
    const body = await info(await loginAs(t.database.db, user.id));
    expect(body.code).toBe(Code.OK);
    expect(userInfoSchema.parse(body.data)).toEqual(body.data);
    expect(body.data).toEqual({
      id: user.id,
      user_id: user.id,
      phone: user.phone,
      phone_last: user.phone.slice(-4),
      avatar: '',
      head_img: '',
      new_user: true,
      grade: 'FREE',
      vip_name: '免费版',
      grade_info_vo: { grade_enum: 'FREE', end_day: 0, end_time: 0 },
      group_slave_name: '',
      permission_version_code: null,
      sub_account: false,
      sub_account_parent_phone: null,
      role_id: 0,
      show_old: false,
      show_original_data: true,
    });
  });

  it('shows a member’s grade with the days and end time left', async () => {
    const endsAt = new Date(Date.now() + 10 * DAY - 60_000);
    const user = await createUser(t.database.db, { grade: 'SVIP', gradeEndsAt: endsAt });
    const body = await info(await loginAs(t.database.db, user.id));
    expect(body.data).toMatchObject({
      grade: 'SVIP',
      vip_name: '企业版',
      new_user: false,
      grade_info_vo: { grade_enum: 'SVIP', end_day: 10, end_time: Math.floor(endsAt.getTime() / 1000) },
    });
  });

  it('shows an ended membership as FREE', async () => {
    const user = await createUser(t.database.db, { grade: 'EVIP', gradeEndsAt: new Date(Date.now() - 1000) });
    const body = await info(await loginAs(t.database.db, user.id));
    expect(body.data).toMatchObject({
      grade: 'FREE',
      vip_name: '免费版',
      new_user: false,
      grade_info_vo: { grade_enum: 'FREE', end_day: 0, end_time: 0 },
    });
  });

  it('shows a child account with its parent’s grade and the parent’s phone masked', async () => {
    const endsAt = new Date(Date.now() + 30 * DAY);
    const parent = await createUser(t.database.db, { grade: 'EVIP', gradeEndsAt: endsAt });
    const child = await createUser(t.database.db);
    await linkSubAccount(t.database.db, parent.id, child);
    const body = await info(await loginAs(t.database.db, child.id));
    expect(body.data).toMatchObject({
      grade: 'EVIP',
      vip_name: '旗舰版',
      sub_account: true,
      sub_account_parent_phone: `${parent.phone.slice(0, 3)}****${parent.phone.slice(-4)}`,
      grade_info_vo: { grade_enum: 'EVIP', end_day: 30 },
    });
  });

  it('asks a visitor to log in (800)', async () => {
    expect(await info()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
  });

  it('ends the current session on logout, leaving the account’s other sessions', async () => {
    const user = await createUser(t.database.db);
    const leaving = await loginAs(t.database.db, user.id);
    const staying = await loginAs(t.database.db, user.id);
    const out = await t.request({ method: 'GET', url: AccountPath.logout, token: leaving });
    expect(out.json()).toEqual({ code: Code.OK, msg: '退出成功', data: null });
    expect((await info(leaving)).code).toBe(Code.TOKEN_INVALID);
    expect((await info(staying)).code).toBe(Code.OK);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.endReason).sort()).toEqual(['logout', null]);
  });

  it('answers a logout with a dead token or none as done', async () => {
    expect((await t.request({ method: 'GET', url: AccountPath.logout, token: 'dead-token' })).json().code).toBe(
      Code.OK,
    );
    expect((await t.request({ method: 'GET', url: AccountPath.logout })).json().code).toBe(Code.OK);
  });
});
