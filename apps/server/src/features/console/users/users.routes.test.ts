import { randomUUID } from 'node:crypto';
import { Code, ConsolePath, consoleMessages, FramePath, type OrderInfo, OrderPath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { membershipGrants, orders, paymentAgreements, sessions } from '../../../db/schema';
import { PaymentVendorError } from '../../../providers/payment/index';
import { createUser, linkSubAccount, loginAs, readGrade } from '../../../testing';
import { orderRow, payAtSandboxCashier, previewOrder } from '../../../testing/orders';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { consumePermission } from '../../permissions';
import { authorisedDouyinAccount } from '../../publishing/publishing.testing';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

describe('console users page', () => {
  const t = useTestApp();

  const { get, post } = consoleCalls(t);
  /** Posts a member action the console must refuse with the toast `msg`. */
  const expectRefused = async (url: string, cookie: string, body: object, msg: string) =>
    expect(await post(url, cookie, body)).toEqual({ code: Code.TOAST, msg, data: null });
  const memberCall = async (token: string) =>
    (await t.request({ method: 'GET', url: FramePath.friendLinks, token })).json();

  /** A paid order of the member's, as the payments would leave it. */
  async function paidOrder(userId: number, id: string) {
    const now = new Date();
    await t
      .db()
      .insert(orders)
      .values(orderRow({ id, userId, expiresAt: now, paidAt: now }));
  }

  const childLink = (parentId: number, child: { id: number; phone: string }) =>
    linkSubAccount(t.db(), parentId, child, new Date());

  it('finds a member by phone, by user id and by order number', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    await paidOrder(member.id, `D20260101000000${member.id}`.slice(0, 25));
    for (const q of [member.phone, String(member.id), `D20260101000000${member.id}`.slice(0, 25)]) {
      expect(await get(withQuery(ConsolePath.userFind, { q }), agent.cookie)).toEqual({
        code: Code.OK,
        msg: 'success',
        data: { user_id: member.id },
      });
    }
    expect(await get(withQuery(ConsolePath.userFind, { q: '13000000000' }), agent.cookie)).toEqual({
      code: Code.NOT_FOUND,
      msg: '未找到该用户',
      data: null,
    });
    expect(await get(withQuery(ConsolePath.userFind, { q: ' ' }), agent.cookie)).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请输入手机号、用户ID或订单号',
    });
  });

  it('shows grade, orders, usage, sessions, child-account links and platform accounts', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db(), { grade: 'SVIP' });
    const child = await createUser(t.db());
    const token = await loginAs(t.db(), member.id);
    await paidOrder(member.id, `D20260202000000${member.id}`.slice(0, 25));
    await consumePermission(t.db(), { userId: member.id, alias: 'AI_WRITING_COUNT_DAY', reason: '探店文案' });
    const link = await childLink(member.id, child);
    await authorisedDouyinAccount(t.db(), member.id, `open-console-${member.id}`, '探店日记');
    expect(await memberCall(token)).toMatchObject({ code: Code.OK });

    const { code, data } = await get(withQuery(ConsolePath.user, { user_id: member.id }), agent.cookie);
    expect(code).toBe(Code.OK);
    expect(data).toMatchObject({
      id: member.id,
      phone: member.phone,
      own_grade: 'SVIP',
      grade: 'SVIP',
      parent_phone: null,
      orders_total: 1,
      orders: [{ order_id: `D20260202000000${member.id}`.slice(0, 25), status: 'paid', pay_money: 6900 }],
      usage: [{ alias: 'AI_WRITING_COUNT_DAY', amount: 1, reason: '探店文案', by_user_id: null }],
      sessions: [{ end_time: null, end_reason: null }],
      links: [{ id: link.id, role: 'parent', child_phone: child.phone, status: 'active', end_time: null }],
      platform_accounts: [{ nickname: '探店日记', platform: 'douyin' }],
    });
    expect(data.grade_end_time).toBeGreaterThan(Date.now() / 1000);
    // The child sees the link from its side, and acts with its parent's grade.
    const childView = await get(withQuery(ConsolePath.user, { user_id: child.id }), agent.cookie);
    expect(childView.data).toMatchObject({
      own_grade: 'FREE',
      grade: 'SVIP',
      parent_phone: member.phone,
      links: [{ id: link.id, role: 'child', parent_phone: member.phone }],
    });
    expect(await get(withQuery(ConsolePath.user, { user_id: 999_999_999 }), agent.cookie)).toEqual({
      code: Code.NOT_FOUND,
      msg: '未找到该用户',
      data: null,
    });
  });

  it('grants a grade and extends it, each audited with before, after and reason', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    const granted = await post(ConsolePath.userGrant, agent.cookie, {
      request_id: randomUUID(),
      user_id: member.id,
      grade: 'SVIP',
      days: 30,
      reason: '补偿服务中断',
    });
    expect(granted).toMatchObject({ code: Code.OK, msg: '会员已开通', data: { changed: 1 } });
    const first = await readGrade(t.db(), member.id);
    expect(first?.grade).toBe('SVIP');
    const days = (first!.endsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await post(ConsolePath.userGrant, agent.cookie, {
      request_id: randomUUID(),
      user_id: member.id,
      grade: 'SVIP',
      days: 10,
      reason: '延长',
    });
    const second = await readGrade(t.db(), member.id);
    expect(second!.endsAt!.getTime() - first!.endsAt!.getTime()).toBe(10 * 86_400_000);

    const [latest, earliest] = await auditOf(t.db(), `user:${member.id}`);
    expect(earliest).toMatchObject({
      id: granted.data.audit_id,
      staffId: agent.id,
      action: 'member.grant',
      before: { grade: 'FREE', grade_ends_at: null },
      after: { grade: 'SVIP', grade_ends_at: first!.endsAt!.toISOString(), granted: { grade: 'SVIP', days: 30 } },
      reason: '补偿服务中断',
    });
    expect(latest).toMatchObject({
      before: { grade: 'SVIP', grade_ends_at: first!.endsAt!.toISOString() },
      after: { grade_ends_at: second!.endsAt!.toISOString() },
      reason: '延长',
    });
  });

  /** The member's grants and the audit entries of grants made to them. */
  async function grantsOf(userId: number) {
    const grants = await t.db().select().from(membershipGrants).where(eq(membershipGrants.userId, userId));
    const entries = (await auditOf(t.db(), `user:${userId}`)).filter((entry) => entry.action === 'member.grant');
    return { grants, entries };
  }

  it('grants a request id once, however often and however concurrently it is sent', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    const grant = { request_id: randomUUID(), user_id: member.id, grade: 'SVIP', days: 30, reason: '补偿服务中断' };
    const granted = await post(ConsolePath.userGrant, agent.cookie, grant);
    expect(granted).toMatchObject({ code: Code.OK, msg: '会员已开通', data: { changed: 1 } });
    const first = await readGrade(t.db(), member.id);

    // A double click, then a proxy retrying it while the browser retries too.
    expect(await post(ConsolePath.userGrant, agent.cookie, grant)).toEqual(granted);
    const concurrent = await Promise.all([1, 2, 3].map(() => post(ConsolePath.userGrant, agent.cookie, grant)));
    expect(concurrent).toEqual([granted, granted, granted]);
    expect(await readGrade(t.db(), member.id)).toEqual(first);
    const { grants, entries } = await grantsOf(member.id);
    expect(grants).toEqual([expect.objectContaining({ source: `console:${grant.request_id}` })]);
    expect(entries.map((entry) => entry.id)).toEqual([granted.data.audit_id]);
  });

  it('grants two requests sent at once with their own ids both', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    const grant = (days: number) => ({
      request_id: randomUUID(),
      user_id: member.id,
      grade: 'VIP',
      days,
      reason: '补偿服务中断',
    });
    const [first, second] = await Promise.all([
      post(ConsolePath.userGrant, agent.cookie, grant(10)),
      post(ConsolePath.userGrant, agent.cookie, grant(20)),
    ]);
    expect([first.code, second.code]).toEqual([Code.OK, Code.OK]);
    expect(first.data.audit_id).not.toBe(second.data.audit_id);
    const days = ((await readGrade(t.db(), member.id))!.endsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const { grants, entries } = await grantsOf(member.id);
    expect(grants).toHaveLength(2);
    expect(entries).toHaveLength(2);
  });

  it('refuses a grant without a request id, with one that is no UUID, or with one used for another grant', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    const other = await createUser(t.db());
    const grant = { user_id: member.id, grade: 'VIP', days: 30, reason: '补偿服务中断' };
    for (const body of [grant, { ...grant, request_id: 'again' }, { ...grant, request_id: 42 }]) {
      expect(await post(ConsolePath.userGrant, agent.cookie, body)).toEqual({
        code: Code.BAD_REQUEST,
        msg: consoleMessages.requestIdInvalid,
        data: null,
      });
    }
    const request_id = randomUUID();
    expect((await post(ConsolePath.userGrant, agent.cookie, { ...grant, request_id })).code).toBe(Code.OK);
    const msg = consoleMessages.requestIdReused;
    await expectRefused(ConsolePath.userGrant, agent.cookie, { ...grant, request_id, days: 31 }, msg);
    await expectRefused(ConsolePath.userGrant, agent.cookie, { ...grant, request_id, grade: 'SVIP' }, msg);
    await expectRefused(ConsolePath.userGrant, agent.cookie, { ...grant, request_id, user_id: other.id }, msg);
    expect((await grantsOf(member.id)).entries).toHaveLength(1);
    expect(await grantsOf(other.id)).toEqual({ grants: [], entries: [] });
    expect((await readGrade(t.db(), other.id))?.grade).toBe('FREE');
  });

  it('grants one member when the same request id is sent for two members at once, and refuses the other', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const [one, two] = [await createUser(t.db()), await createUser(t.db())];
    const request_id = randomUUID();
    const grant = (userId: number) => ({ request_id, user_id: userId, grade: 'VIP', days: 30, reason: '补偿服务中断' });
    for (let round = 0; round < 3; round++) {
      const id = round === 0 ? request_id : randomUUID();
      const answers = await Promise.all(
        [one, two].map((member) => post(ConsolePath.userGrant, agent.cookie, { ...grant(member.id), request_id: id })),
      );
      const granted = answers.filter((answer) => answer.code === Code.OK);
      expect(granted).toHaveLength(1);
      expect(answers.find((answer) => answer.code !== Code.OK)).toEqual({
        code: Code.TOAST,
        msg: consoleMessages.requestIdReused,
        data: null,
      });
    }
    const grants = [...(await grantsOf(one.id)).grants, ...(await grantsOf(two.id)).grants];
    expect(grants).toHaveLength(3);
  });

  /** A member paying a VIP 连续包月 at the sandbox cashier: its agreement is signed and running. */
  async function monthlyMember() {
    const member = await t.account();
    const order = (await previewOrder(t, member.token, { grade_enum: 'VIP', day: 29, cycle: true })).data as OrderInfo;
    expect((await payAtSandboxCashier(t, member.token, order.order_id)).result).toBe('paid');
    const agreement = async () => {
      const [row] = await t.db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, member.id));
      return row!;
    };
    expect(await agreement()).toMatchObject({ status: 'active', agreementNo: expect.any(String) });
    return { ...member, agreement };
  }

  const cycleOf = async (token: string) =>
    (await t.request({ method: 'GET', url: OrderPath.cycleInfo, token })).json().data;

  it('ends, at the vendor too, the 连续包月 of the grade a grant replaces, once however often it is asked', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await monthlyMember();
    const { agreementNo } = await member.agreement();
    const unsign = vi.spyOn(t.app.providers.payment.alipay, 'cancelAgreement');
    try {
      const grant = { request_id: randomUUID(), user_id: member.id, grade: 'SVIP', days: 30, reason: '补偿升级' };
      const granted = await post(ConsolePath.userGrant, agent.cookie, grant);
      expect(granted).toMatchObject({ code: Code.OK, data: { changed: 1 } });
      expect(unsign).toHaveBeenCalledExactlyOnceWith(agreementNo);
      expect(await member.agreement()).toMatchObject({ status: 'ended' });
      expect(await cycleOf(member.token)).toBeNull();
      const [entry] = await auditOf(t.db(), `user:${member.id}`);
      expect(entry).toMatchObject({
        id: granted.data.audit_id,
        action: 'member.grant',
        before: { grade: 'VIP' },
        after: { grade: 'SVIP', granted: { grade: 'SVIP', days: 30 } },
        reason: '补偿升级',
      });

      // The request retried (a timed-out answer, a second press) finds nothing left to unsign.
      expect((await post(ConsolePath.userGrant, agent.cookie, grant)).code).toBe(Code.OK);
      expect(unsign).toHaveBeenCalledOnce();
    } finally {
      unsign.mockRestore();
    }
  });

  it('keeps the grant when the vendor cannot unsign yet, and unsigns at the retried request', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await monthlyMember();
    const { agreementNo } = await member.agreement();
    const unsign = vi
      .spyOn(t.app.providers.payment.alipay, 'cancelAgreement')
      .mockRejectedValueOnce(new PaymentVendorError('ACQ.SYSTEM_ERROR', '系统繁忙'));
    try {
      const grant = { request_id: randomUUID(), user_id: member.id, grade: 'EVIP', days: 30, reason: '补偿升级' };
      expect(await post(ConsolePath.userGrant, agent.cookie, grant)).toMatchObject({ code: Code.OK });
      expect((await readGrade(t.db(), member.id))?.grade).toBe('EVIP');
      // It charges nothing while it waits as ending (the orders' maintenance job would also retry it).
      expect(await member.agreement()).toMatchObject({ status: 'ending' });
      expect(await cycleOf(member.token)).toBeNull();

      expect((await post(ConsolePath.userGrant, agent.cookie, grant)).code).toBe(Code.OK);
      expect(unsign).toHaveBeenCalledTimes(2);
      expect(unsign).toHaveBeenLastCalledWith(agreementNo);
      expect(await member.agreement()).toMatchObject({ status: 'ended' });
    } finally {
      unsign.mockRestore();
    }
  });

  it('extends the grade of a running 连续包月 and leaves its agreement alone', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await monthlyMember();
    const before = await readGrade(t.db(), member.id);
    const unsign = vi.spyOn(t.app.providers.payment.alipay, 'cancelAgreement');
    try {
      const granted = await post(ConsolePath.userGrant, agent.cookie, {
        request_id: randomUUID(),
        user_id: member.id,
        grade: 'VIP',
        days: 10,
        reason: '延长',
      });
      expect(granted).toMatchObject({ code: Code.OK, data: { changed: 1 } });
      const after = await readGrade(t.db(), member.id);
      expect(after!.endsAt!.getTime() - before!.endsAt!.getTime()).toBe(10 * 86_400_000);
      expect(unsign).not.toHaveBeenCalled();
      expect(await member.agreement()).toMatchObject({ status: 'active' });
      expect(await cycleOf(member.token)).toMatchObject({ grade: 'VIP' });
      const [entry] = await auditOf(t.db(), `user:${member.id}`);
      expect(entry).toMatchObject({ id: granted.data.audit_id, action: 'member.grant', after: { grade: 'VIP' } });
    } finally {
      unsign.mockRestore();
    }
  });

  it('ends one session of a member: its next call is refused, the other goes on', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    const phoneToken = await loginAs(t.db(), member.id);
    const laptopToken = await loginAs(t.db(), member.id);
    const live = await t.db().select().from(sessions).where(eq(sessions.userId, member.id));
    const first = live.sort((a, b) => a.id - b.id)[0]!;
    const ended = await post(ConsolePath.userEndSessions, agent.cookie, {
      user_id: member.id,
      session_id: first.id,
      reason: '用户反映账号被盗',
    });
    expect(ended).toMatchObject({ code: Code.OK, msg: '会话已结束', data: { changed: 1 } });
    expect(await memberCall(phoneToken)).toMatchObject({ code: Code.TOKEN_INVALID });
    expect(await memberCall(laptopToken)).toMatchObject({ code: Code.OK });
    const [entry] = await auditOf(t.db(), `user:${member.id}`);
    expect(entry).toMatchObject({
      action: 'member.end_session',
      before: { live_sessions: [{ id: first.id }] },
      after: { ended_session_ids: [first.id], end_reason: 'console' },
      reason: '用户反映账号被盗',
    });
    // The same session again, or another member's, is not there to end.
    await expectRefused(
      ConsolePath.userEndSessions,
      agent.cookie,
      { user_id: member.id, session_id: first.id, reason: '再次' },
      '该会话不存在或已结束',
    );
    const other = await createUser(t.db());
    await expectRefused(
      ConsolePath.userEndSessions,
      agent.cookie,
      { user_id: other.id, session_id: live[1]!.id, reason: 'x' },
      '该会话不存在或已结束',
    );
    expect(await memberCall(laptopToken)).toMatchObject({ code: Code.OK });
  });

  it('ends every live session of a member at once', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const member = await createUser(t.db());
    const tokens = [await loginAs(t.db(), member.id), await loginAs(t.db(), member.id)];
    const ended = await post(ConsolePath.userEndSessions, admin.cookie, { user_id: member.id, reason: '全部下线' });
    expect(ended.data.changed).toBe(2);
    for (const token of tokens) expect((await memberCall(token)).code).toBe(Code.TOKEN_INVALID);
    const [entry] = await auditOf(t.db(), `user:${member.id}`);
    expect(entry?.action).toBe('member.end_sessions');
    await expectRefused(
      ConsolePath.userEndSessions,
      admin.cookie,
      { user_id: member.id, reason: '再次' },
      '该会话不存在或已结束',
    );
  });

  it('dissolves a child-account link: the child loses the parent grade, audited', async () => {
    const agent = await staffWithCookie(t.db(), '客服');
    const parent = await createUser(t.db(), { grade: 'SVIP' });
    const child = await createUser(t.db());
    const link = await childLink(parent.id, child);
    const dissolved = await post(ConsolePath.userDissolveLink, agent.cookie, {
      user_id: child.id,
      link_id: link.id,
      reason: '主账号申请解绑',
    });
    expect(dissolved).toMatchObject({ code: Code.OK, msg: '子账号关系已解除', data: { changed: 1 } });
    const view = await get(withQuery(ConsolePath.user, { user_id: child.id }), agent.cookie);
    expect(view.data).toMatchObject({ grade: 'FREE', parent_phone: null, links: [{ id: link.id, status: 'unbound' }] });
    const [entry] = await auditOf(t.db(), `user:${child.id}`);
    expect(entry).toMatchObject({
      action: 'member.dissolve_link',
      before: { id: link.id, status: 'active', end_time: null },
      after: { id: link.id, status: 'unbound' },
      reason: '主账号申请解绑',
    });
    await expectRefused(
      ConsolePath.userDissolveLink,
      agent.cookie,
      { user_id: child.id, link_id: link.id, reason: '再次' },
      '该子账号关系不存在或已解除',
    );
    // A link the member is not in is refused the same way.
    const stranger = await createUser(t.db());
    const otherLink = await childLink(parent.id, await createUser(t.db()));
    await expectRefused(
      ConsolePath.userDissolveLink,
      agent.cookie,
      { user_id: stranger.id, link_id: otherLink.id, reason: 'x' },
      '该子账号关系不存在或已解除',
    );
  });

  /** A request id for grants whose id is beside the point. */
  const request_id = '7d0e5c9a-3b1f-4e2d-8c6a-9f4b2e1d0c3b';

  it.each([
    [ConsolePath.userGrant, { request_id, grade: 'VIP', days: 30 }, '请填写操作原因'],
    [ConsolePath.userGrant, { request_id, grade: 'VIP', days: 30, reason: '长'.repeat(201) }, '操作原因最多200字'],
    [ConsolePath.userGrant, { request_id, grade: 'VIP', days: 0, reason: '补偿' }, '天数须为1到3650的整数'],
    [ConsolePath.userGrant, { request_id, grade: 'VIP', days: 3651, reason: '补偿' }, '天数须为1到3650的整数'],
    [ConsolePath.userGrant, { request_id, grade: 'FREE', days: 30, reason: '补偿' }, '会员版本不存在'],
    [ConsolePath.userEndSessions, { reason: '   ' }, '请填写操作原因'],
    [ConsolePath.userDissolveLink, { link_id: 0, reason: '解绑' }, '编号须为正整数'],
  ])('checks %s with %j: %s', async (url, body, message) => {
    const agent = await staffWithCookie(t.db(), '客服');
    const member = await createUser(t.db());
    expect(await post(url, agent.cookie, { user_id: member.id, ...body })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: message,
    });
    expect(await auditOf(t.db(), `user:${member.id}`)).toEqual([]);
  });

  it.each(['财务', '数据'] as const)('refuses %s every users call with 403, changing nothing', async (role) => {
    const staff = await staffWithCookie(t.db(), role);
    const member = await createUser(t.db(), { grade: 'VIP' });
    const token = await loginAs(t.db(), member.id);
    const forbidden = { code: Code.FORBIDDEN, msg: '无权限访问', data: null };
    expect(await get(withQuery(ConsolePath.userFind, { q: member.phone }), staff.cookie)).toEqual(forbidden);
    expect(await get(withQuery(ConsolePath.user, { user_id: member.id }), staff.cookie)).toEqual(forbidden);
    const reason = { user_id: member.id, reason: '试试' };
    expect(await post(ConsolePath.userGrant, staff.cookie, { ...reason, request_id, grade: 'EVIP', days: 30 })).toEqual(
      forbidden,
    );
    expect(await post(ConsolePath.userEndSessions, staff.cookie, reason)).toEqual(forbidden);
    expect(await post(ConsolePath.userDissolveLink, staff.cookie, { ...reason, link_id: 1 })).toEqual(forbidden);
    expect((await readGrade(t.db(), member.id))?.grade).toBe('VIP');
    expect((await memberCall(token)).code).toBe(Code.OK);
    expect(await auditOf(t.db(), `user:${member.id}`)).toEqual([]);
  });

  it('lets 管理员 read and act on members', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const member = await createUser(t.db());
    expect((await get(withQuery(ConsolePath.user, { user_id: member.id }), admin.cookie)).code).toBe(Code.OK);
    const granted = await post(ConsolePath.userGrant, admin.cookie, {
      request_id,
      user_id: member.id,
      grade: 'VIP',
      days: 7,
      reason: '测试',
    });
    expect(granted.code).toBe(Code.OK);
  });

  it('refuses a member 403 and a visitor 800 on every users call', async () => {
    const member = await t.account();
    const calls = [
      { method: 'GET' as const, url: withQuery(ConsolePath.userFind, { q: member.phone }) },
      { method: 'GET' as const, url: withQuery(ConsolePath.user, { user_id: member.id }) },
      {
        method: 'POST' as const,
        url: ConsolePath.userGrant,
        body: { request_id, user_id: member.id, grade: 'VIP', days: 1, reason: 'x' },
      },
      { method: 'POST' as const, url: ConsolePath.userEndSessions, body: { user_id: member.id, reason: 'x' } },
      {
        method: 'POST' as const,
        url: ConsolePath.userDissolveLink,
        body: { user_id: member.id, link_id: 1, reason: 'x' },
      },
    ];
    for (const call of calls) {
      expect((await t.request({ ...call, token: member.token })).json()).toEqual({
        code: Code.FORBIDDEN,
        msg: '无权限访问',
        data: null,
      });
      expect((await t.request(call)).json()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
    }
    expect((await memberCall(member.token)).code).toBe(Code.OK);
  });
});
