import { Code, ConsolePath } from '@dso/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleAuditLog } from '../../../db/schema';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { consoleCalls, staffWithCookie } from '../console.testing';
import { recordAudit } from './audit.service';

describe('console audit log', () => {
  const t = useTestApp();

  const { get } = consoleCalls(t);
  const read = (cookie: string | undefined, query: Record<string, string | number> = {}) =>
    get(withQuery(ConsolePath.audit, query), cookie);

  it('shows an 管理员 the entries, newest first, filtered by staff, action and day', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const agent = await staffWithCookie(t.db(), '客服');
    await recordAudit(t.db(), {
      actor: { id: agent.id, name: agent.name },
      action: 'member.end_sessions',
      subject: 'user:1',
      before: { live: 2 },
      after: { live: 0 },
      reason: '用户要求下线',
    });
    await recordAudit(t.db(), {
      actor: null,
      action: 'staff.create',
      subject: `staff:${agent.id}`,
      before: null,
      after: { role: '客服' },
      reason: '命令行创建',
    });
    const all = await read(admin.cookie);
    expect(all.code).toBe(Code.OK);
    expect(all.data.list[0]).toMatchObject({ staff_id: null, staff_name: '命令行', action: 'staff.create' });
    const byAgent = await read(admin.cookie, { staff_id: agent.id });
    expect(byAgent.data).toMatchObject({
      total: 1,
      list: [
        {
          staff_id: agent.id,
          staff_name: agent.name,
          action: 'member.end_sessions',
          subject: 'user:1',
          before: { live: 2 },
          after: { live: 0 },
          reason: '用户要求下线',
        },
      ],
    });
    const bySubject = await read(admin.cookie, { subject: `staff:${agent.id}` });
    expect(bySubject.data).toMatchObject({
      total: 1,
      list: [{ action: 'staff.create', subject: `staff:${agent.id}` }],
    });
    const byAction = await read(admin.cookie, { action: 'staff.create' });
    expect(byAction.data.list.every((entry: { action: string }) => entry.action === 'staff.create')).toBe(true);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await read(admin.cookie, { from: today, to: today })).data.total).toBeGreaterThanOrEqual(2);
    expect((await read(admin.cookie, { to: '2020-01-01' })).data.total).toBe(0);
  });

  it('checks its filters in their own words', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    expect(await read(admin.cookie, { action: 'member.delete' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '操作类型不存在',
    });
    for (const subject of ['user', 'user:', 'User:1', "user:1' or 1=1"]) {
      expect(await read(admin.cookie, { subject })).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '对象格式应为 类型:编号，例如 user:12',
      });
    }
    // Days are checked as every day field is: written YYYY-MM-DD and on the calendar.
    for (const day of ['2026/01/01', '2026-02-30']) {
      expect(await read(admin.cookie, { from: day })).toMatchObject({ code: Code.BAD_REQUEST, msg: '日期格式不正确' });
    }
  });

  it.each(['财务', '客服', '数据'] as const)('refuses %s with 403', async (role) => {
    const staff = await staffWithCookie(t.db(), role);
    expect(await read(staff.cookie)).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
  });

  it('refuses a member with 403 and a visitor with 800', async () => {
    const member = await t.account();
    const asMember = await t.request({ method: 'GET', url: ConsolePath.audit, token: member.token });
    expect(asMember.json()).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
    expect((await read(undefined)).code).toBe(Code.TOKEN_INVALID);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const id = await recordAudit(t.db(), {
      actor: null,
      action: 'staff.disable',
      subject: 'staff:0',
      before: null,
      after: null,
      reason: '原因',
    });
    // Drizzle wraps the database's error; its cause carries the trigger's words.
    const refusal = async (query: ReturnType<typeof sql>) => {
      const error = (await t
        .db()
        .execute(query)
        .then(
          () => null,
          (thrown: unknown) => thrown,
        )) as { cause?: { message?: string } } | null;
      return error?.cause?.message ?? 'not refused';
    };
    expect(await refusal(sql`UPDATE console_audit_log SET reason = '改过' WHERE id = ${id}`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`DELETE FROM console_audit_log WHERE id = ${id}`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE console_audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    const [row] = await t.db().select().from(consoleAuditLog).where(eq(consoleAuditLog.id, id));
    expect(row?.reason).toBe('原因');
  });
});
