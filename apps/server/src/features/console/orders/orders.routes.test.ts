import { CONSOLE_RECONCILE_ORDERS_MAX, Code, ConsoleOrderPath, ConsolePath } from '@dso/contract';
import { type ConsoleRole, shanghaiDay } from '@dso/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { frequencyPackages, orders, paymentAgreements, plans, sandboxTrades } from '../../../db/schema';
import { createUser, readGrade } from '../../../testing';
import { orderRow, scanNewOrder } from '../../../testing/orders';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

describe('console orders page', () => {
  const t = useTestApp();
  const { db, account } = t;

  const { get, post } = consoleCalls(t);
  const staff = async (role: ConsoleRole) => (await staffWithCookie(db(), role)).cookie;
  const refusal = (msg: string) => ({ code: Code.FORBIDDEN, msg, data: null });
  const badRequest = (msg: string) => expect.objectContaining({ code: Code.BAD_REQUEST, msg });

  let serial = 0;
  /** An order as the payments would leave it, created at `at`. */
  async function order(userId: number, at: string, values: Partial<typeof orders.$inferInsert> = {}) {
    const id = `T${Date.now()}${String(++serial).padStart(6, '0')}`;
    const createdAt = new Date(at);
    const paid = (values.status ?? 'paid') === 'paid';
    await db()
      .insert(orders)
      .values(
        orderRow({
          id,
          userId,
          expiresAt: new Date(createdAt.getTime() + 900_000),
          createdAt,
          ...(paid ? { paidAt: new Date(createdAt.getTime() + 60_000), vendorTradeNo: `V${id}` } : {}),
          ...values,
        }),
      );
    return id;
  }

  const list = async (cookie: string, query: Record<string, string | number>) =>
    (await get(withQuery(ConsoleOrderPath.orders, query), cookie)).data;
  const ids = (page: { list: { order_id: string }[] }) => page.list.map((row) => row.order_id);

  it('lets 管理员, 财务 and 客服 read, refuses 数据, members and visitors, and lets only 管理员 and 财务 act', async () => {
    const member = await account();
    const reads = [
      ConsoleOrderPath.orders,
      ConsoleOrderPath.plans,
      ConsoleOrderPath.agreements,
      withQuery(ConsoleOrderPath.reconcile, { day: '2025-01-02' }),
    ];
    for (const role of ['管理员', '财务', '客服'] as const) {
      const cookie = await staff(role);
      for (const url of reads) expect((await get(url, cookie)).code, `${role} ${url}`).toBe(Code.OK);
    }
    const data = await staff('数据');
    for (const url of reads) {
      expect(await get(url, data)).toEqual(refusal('无权限访问'));
      expect(await get(url)).toMatchObject({ code: Code.TOKEN_INVALID, msg: '请先登录' });
      expect((await t.request({ method: 'GET', url, token: member.token })).json()).toEqual(refusal('无权限访问'));
    }
    const apply = { day: '2025-01-02', reason: '渠道对账' };
    for (const role of ['客服', '数据'] as const) {
      expect(await post(ConsoleOrderPath.reconcileApply, await staff(role), apply)).toEqual(refusal('无权限访问'));
    }
    expect(await post(ConsoleOrderPath.reconcileApply, undefined, apply)).toMatchObject({ code: Code.TOKEN_INVALID });
    // Allowed, with nothing to settle that day.
    for (const role of ['管理员', '财务'] as const) {
      expect(await post(ConsoleOrderPath.reconcileApply, await staff(role), apply)).toEqual({
        code: Code.TOAST,
        msg: '没有需要补记的支付',
        data: null,
      });
    }
  });

  it('filters by Asia/Shanghai day, channel, kind, plan, status, phone and order number', async () => {
    const cookie = await staff('客服');
    const buyer = await createUser(db());
    const other = await createUser(db());
    const [pack] = await db()
      .insert(frequencyPackages)
      .values({ frequencyType: 9, alias: 'EXTRACT_COUNT', name: '批量提取文案次数包', frequency: 100, priceFen: 2900 })
      .returning();
    // 23:30 and 00:30 Shanghai time: one UTC day, two Shanghai days.
    const late = await order(buyer.id, '2025-03-01T23:30:00+08:00');
    const early = await order(buyer.id, '2025-03-02T00:30:00+08:00', { channel: 'wechat', grade: 'SVIP', day: 365 });
    const cycle = await order(other.id, '2025-03-02T10:00:00+08:00', { cycle: true });
    const packOrder = await order(other.id, '2025-03-03T10:00:00+08:00', {
      kind: 'pack',
      grade: null,
      day: null,
      packageId: pack!.id,
      payMoneyFen: 2900,
    });
    const pending = await order(other.id, '2025-03-03T11:00:00+08:00', { status: 'pending' });
    // A preview nobody tried to pay (no QR asked for) is not listed.
    await order(other.id, '2025-03-03T12:00:00+08:00', { status: 'pending', channel: null });
    const span = { from: '2025-03-01', to: '2025-03-03' };

    expect(ids(await list(cookie, span))).toEqual([pending, packOrder, cycle, early, late]);
    expect(ids(await list(cookie, { from: '2025-03-02', to: '2025-03-02' }))).toEqual([cycle, early]);
    expect(ids(await list(cookie, { ...span, channel: 'wechat' }))).toEqual([early]);
    expect(ids(await list(cookie, { ...span, kind: 'pack' }))).toEqual([packOrder]);
    expect(ids(await list(cookie, { ...span, kind: 'membership' }))).toEqual([pending, cycle, early, late]);
    expect(ids(await list(cookie, { ...span, status: 'paid', channel: 'alipay' }))).toEqual([packOrder, cycle, late]);
    expect(ids(await list(cookie, { ...span, plan: 'VIP-30' }))).toEqual([pending, late]);
    expect(ids(await list(cookie, { ...span, plan: 'VIP-cycle' }))).toEqual([cycle]);
    expect(ids(await list(cookie, { ...span, plan: `pack-${pack!.id}` }))).toEqual([packOrder]);
    expect(ids(await list(cookie, { ...span, status: 'pending' }))).toEqual([pending]);
    expect(ids(await list(cookie, { q: buyer.phone }))).toEqual([early, late]);
    expect(ids(await list(cookie, { q: packOrder }))).toEqual([packOrder]);
    expect(ids(await list(cookie, { q: '13000000000' }))).toEqual([]);

    const page = await list(cookie, { q: early });
    expect(page.list[0]).toEqual({
      order_id: early,
      user_id: buyer.id,
      phone: buyer.phone,
      kind: 'membership',
      plan: 'SVIP-365',
      plan_name: '企业版 12个月',
      price_fen: 6900,
      coupon_fen: 0,
      dis_price_fen: 0,
      pay_fen: 6900,
      status: 'paid',
      channel: 'wechat',
      create_time: Date.parse('2025-03-02T00:30:00+08:00') / 1000,
      pay_time: Date.parse('2025-03-02T00:31:00+08:00') / 1000,
      vendor_trade_no: `V${early}`,
    });
    expect((await list(cookie, { q: packOrder })).list[0]).toMatchObject({
      plan: `pack-${pack!.id}`,
      plan_name: '批量提取文案次数包 100次',
    });
    const choices = (await get(ConsoleOrderPath.plans, cookie)).data;
    expect(choices).toEqual(
      expect.arrayContaining([
        { plan: `pack-${pack!.id}`, plan_name: '批量提取文案次数包 100次' },
        { plan: 'VIP-cycle', plan_name: `${'个人版'} 连续包月` },
      ]),
    );
  });

  it('totals the filtered orders by day, channel and plan, counting paid orders and paid fen', async () => {
    const cookie = await staff('财务');
    const buyer = await createUser(db());
    await order(buyer.id, '2025-04-01T09:00:00+08:00');
    await order(buyer.id, '2025-04-01T23:59:00+08:00', { channel: 'wechat', payMoneyFen: 5000 });
    await order(buyer.id, '2025-04-02T09:00:00+08:00', { grade: 'SVIP', day: 365, payMoneyFen: 199_900 });
    await order(buyer.id, '2025-04-02T10:00:00+08:00', { status: 'closed' });
    await order(buyer.id, '2025-04-02T11:00:00+08:00', { status: 'refund_due', paidAt: new Date() });

    const { totals, total } = await list(cookie, { from: '2025-04-01', to: '2025-04-02' });
    expect(total).toBe(5);
    expect(totals.all).toEqual({ orders: 5, paid_count: 3, paid_fen: 6900 + 5000 + 199_900 });
    expect(totals.by_day).toEqual([
      { day: '2025-04-02', orders: 3, paid_count: 1, paid_fen: 199_900 },
      { day: '2025-04-01', orders: 2, paid_count: 2, paid_fen: 11_900 },
    ]);
    expect(totals.by_channel).toEqual([
      { channel: 'alipay', orders: 4, paid_count: 2, paid_fen: 206_800 },
      { channel: 'wechat', orders: 1, paid_count: 1, paid_fen: 5000 },
    ]);
    expect(totals.by_plan).toEqual([
      { plan: 'SVIP-365', plan_name: '企业版 12个月', orders: 1, paid_count: 1, paid_fen: 199_900 },
      { plan: 'VIP-30', plan_name: '个人版 1个月', orders: 4, paid_count: 2, paid_fen: 11_900 },
    ]);
    // The totals follow the filters.
    expect((await list(cookie, { from: '2025-04-01', to: '2025-04-02', channel: 'wechat' })).totals.all).toEqual({
      orders: 1,
      paid_count: 1,
      paid_fen: 5000,
    });
  });

  it('pages 20 orders at a time, newest first', async () => {
    const cookie = await staff('管理员');
    const buyer = await createUser(db());
    const made = [];
    for (let minute = 10; minute < 35; minute++) made.push(await order(buyer.id, `2025-05-05T10:${minute}:00+08:00`));
    const first = await list(cookie, { q: buyer.phone });
    const second = await list(cookie, { q: buyer.phone, page_no: 2 });
    expect(first.total).toBe(25);
    expect(ids(first)).toEqual(made.slice(5).reverse());
    expect(ids(second)).toEqual(made.slice(0, 5).reverse());
  });

  it('refuses bad filters and bodies in its own words', async () => {
    const cookie = await staff('财务');
    const orderQuery = async (query: Record<string, string>) => get(withQuery(ConsoleOrderPath.orders, query), cookie);
    expect(await orderQuery({ channel: 'paypal' })).toEqual(badRequest('支付渠道不存在'));
    expect(await orderQuery({ kind: 'gift' })).toEqual(badRequest('订单类型不存在'));
    expect(await orderQuery({ plan: 'VIP-0' })).toEqual(badRequest('套餐不存在'));
    expect(await orderQuery({ status: 'lost' })).toEqual(badRequest('订单状态不存在'));
    expect(await orderQuery({ from: '2025-02-30' })).toEqual(badRequest('日期格式不正确'));
    expect(await orderQuery({ from: '2025-03-02', to: '2025-03-01' })).toEqual(badRequest('开始日期不能晚于结束日期'));
    expect(await orderQuery({ q: '1'.repeat(65) })).toEqual(badRequest('手机号或订单号不正确'));
    expect(await get(ConsoleOrderPath.reconcile, cookie)).toEqual(badRequest('请选择对账日期'));
    expect(await get(withQuery(ConsoleOrderPath.reconcile, { day: '2099-01-01' }), cookie)).toEqual(
      badRequest('对账日期不能晚于今天'),
    );
    const day = shanghaiDay();
    expect(await post(ConsoleOrderPath.reconcileApply, cookie, { day })).toEqual(badRequest('请填写操作原因'));
    expect(await post(ConsoleOrderPath.reconcileApply, cookie, { day, reason: '对'.repeat(201) })).toEqual(
      badRequest('操作原因最多200字'),
    );
    expect(await post(ConsoleOrderPath.reconcileApply, cookie, { reason: '对账' })).toEqual(
      badRequest('请选择对账日期'),
    );
  });

  it('lists the 连续包月 agreements in force with the member, plan, amount, next charge and signing', async () => {
    const cookie = await staff('客服');
    const buyer = await createUser(db());
    const [plan] = await db()
      .insert(plans)
      .values({ grade: 'SVIP', day: 30, priceFen: 19_900, hasCycle: true, cyclePriceFen: 17_900 })
      .returning();
    const first = await order(buyer.id, '2025-06-01T10:00:00+08:00', { grade: 'SVIP', cycle: true });
    const agreement = (id: string, status: string) => ({
      id,
      userId: buyer.id,
      planId: plan!.id,
      provider: 'sandbox',
      agreementNo: `SBXA${id}`,
      status,
      periodDays: 30,
      cycleAmountFen: 17_900,
      nextChargeOn: '2025-06-30',
    });
    await db()
      .insert(paymentAgreements)
      .values([
        agreement(`A${first}`, 'active'),
        agreement(`Aending${serial}`, 'ending'),
        agreement(`Aended${serial}`, 'ended'),
        agreement(`Asigning${serial}`, 'signing'),
      ]);
    const { list: rows } = (await get(ConsoleOrderPath.agreements, cookie)).data;
    const mine = rows.filter((row: { user_id: number }) => row.user_id === buyer.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        {
          id: `A${first}`,
          user_id: buyer.id,
          phone: buyer.phone,
          plan_name: '企业版 连续包月',
          cycle_fen: 17_900,
          next_charge_on: '2025-06-30',
          sign_time: Date.parse('2025-06-01T10:01:00+08:00') / 1000,
          state: 'active',
        },
        expect.objectContaining({ id: `Aending${serial}`, state: 'ending', next_charge_on: null, sign_time: null }),
      ]),
    );
    expect(mine).toHaveLength(2);
  });

  it('reconciles today against the vendor and settles only the payments we missed, once, audited', async () => {
    const finance = await staffWithCookie(db(), '财务');
    const buyer = await account();
    const late = await account();
    // Paid at the vendor, its notification lost.
    const missed = (await scanNewOrder(t, buyer.token)).order.order_id;
    expect(await t.app.providers.sandboxPayment!.pay(missed)).toBeTruthy();
    const price = (await db().select().from(orders).where(eq(orders.id, missed)))[0]!.payMoneyFen;
    // Paid at the vendor after we closed it: the money waits for a refund.
    const closed = (await scanNewOrder(t, late.token)).order.order_id;
    expect(await t.app.providers.sandboxPayment!.pay(closed)).toBeTruthy();
    await db().update(orders).set({ status: 'closed', closedAt: new Date() }).where(eq(orders.id, closed));
    // We say paid; the vendor never heard of it.
    const oursOnly = await order(buyer.id, new Date().toISOString());
    // The vendor took another sum.
    const differs = (await scanNewOrder(t, late.token)).order.order_id;
    await db().update(sandboxTrades).set({ amountFen: 100 }).where(eq(sandboxTrades.outTradeNo, differs));
    expect(await t.app.providers.sandboxPayment!.pay(differs)).toBeTruthy();
    // Waiting for the payer at the vendor and here: no difference.
    const waiting = (await scanNewOrder(t, late.token)).order.order_id;

    const day = shanghaiDay();
    const report = (await get(withQuery(ConsoleOrderPath.reconcile, { day }), finance.cookie)).data;
    const kinds = Object.fromEntries(
      report.mismatches.map((row: { order_id: string; kind: string }) => [row.order_id, row.kind]),
    );
    expect(kinds).toMatchObject({ [missed]: 'vendor_paid', [closed]: 'vendor_paid', [oursOnly]: 'we_paid' });
    expect(kinds[differs]).toBe('amount');
    expect(kinds[waiting]).toBeUndefined();
    expect(report.mismatches.find((row: { order_id: string }) => row.order_id === missed)).toMatchObject({
      channel: 'alipay',
      our_status: 'pending',
      our_fen: price,
      vendor_state: 'paid',
      vendor_fen: price,
    });
    expect(report.checked).toBe(report.matched + report.mismatches.length);

    // 客服 reads the same list but may not settle it.
    expect(await post(ConsoleOrderPath.reconcileApply, await staff('客服'), { day, reason: '渠道对账' })).toEqual(
      refusal('无权限访问'),
    );
    expect((await readGrade(db(), buyer.id))?.grade).toBe('FREE');

    const applied = await post(ConsoleOrderPath.reconcileApply, finance.cookie, { day, reason: '支付宝通知丢失' });
    expect(applied).toMatchObject({ code: Code.OK, msg: '已按支付渠道补记' });
    expect(applied.data.changed).toBe(2);
    expect(applied.data.applied).toEqual(
      expect.arrayContaining([
        { order_id: missed, status: 'paid', audit_id: expect.any(Number) },
        { order_id: closed, status: 'refund_due', audit_id: expect.any(Number) },
      ]),
    );
    expect((await readGrade(db(), buyer.id))?.grade).toBe('VIP');
    const [missedRow] = await db().select().from(orders).where(eq(orders.id, missed));
    expect(missedRow).toMatchObject({ status: 'paid', vendorTradeNo: expect.stringMatching(/^SBX/) });
    const [closedRow] = await db().select().from(orders).where(eq(orders.id, closed));
    expect(closedRow?.status).toBe('refund_due');
    const [differsRow] = await db().select().from(orders).where(eq(orders.id, differs));
    expect(differsRow?.status).toBe('pending');

    const [entry] = await auditOf(db(), `order:${missed}`);
    expect(entry).toMatchObject({
      staffId: finance.id,
      staffName: finance.name,
      action: 'order.reconcile',
      reason: '支付宝通知丢失',
      before: { status: 'pending', pay_fen: price, user_id: buyer.id },
      after: { status: 'paid', vendor_fen: price, vendor_trade_no: missedRow!.vendorTradeNo, channel: 'alipay', day },
    });
    expect(entry!.id).toBe(applied.data.applied.find((row: { order_id: string }) => row.order_id === missed).audit_id);

    // A second run finds nothing left to settle and writes nothing.
    expect(await post(ConsoleOrderPath.reconcileApply, finance.cookie, { day, reason: '再对一次' })).toEqual({
      code: Code.TOAST,
      msg: '没有需要补记的支付',
      data: null,
    });
    expect(await auditOf(db(), `order:${missed}`)).toHaveLength(1);
    expect(await auditOf(db(), `order:${closed}`)).toHaveLength(1);
    const after = (await get(withQuery(ConsoleOrderPath.reconcile, { day }), finance.cookie)).data;
    const left = after.mismatches.map((row: { order_id: string }) => row.order_id);
    expect(left).not.toContain(missed);
    expect(left).not.toContain(closed);
    expect(left).toEqual(expect.arrayContaining([oursOnly, differs]));
    // The audit log shows it under its label.
    const audit = (await get(withQuery(ConsolePath.audit, { action: 'order.reconcile' }), await staff('管理员'))).data;
    expect(audit.list.map((row: { subject: string }) => row.subject)).toEqual(
      expect.arrayContaining([`order:${missed}`, `order:${closed}`]),
    );
  });

  it('asks the vendors about 2,000 orders of a day at most, and says when the day had more', async () => {
    const cookie = await staff('财务');
    const buyer = await createUser(db());
    const start = Date.parse('2024-01-02T08:00:00+08:00');
    await db()
      .insert(orders)
      .values(
        Array.from({ length: CONSOLE_RECONCILE_ORDERS_MAX + 1 }, (_, index) =>
          orderRow({
            id: `C20240102${String(index).padStart(6, '0')}`,
            userId: buyer.id,
            status: 'closed',
            channel: 'wechat',
            createdAt: new Date(start + index * 1000),
            expiresAt: new Date(start + index * 1000 + 900_000),
          }),
        ),
      );
    const report = (await get(withQuery(ConsoleOrderPath.reconcile, { day: '2024-01-02' }), cookie)).data;
    expect(report).toEqual({
      day: '2024-01-02',
      checked: CONSOLE_RECONCILE_ORDERS_MAX,
      capped: true,
      matched: CONSOLE_RECONCILE_ORDERS_MAX,
      mismatches: [],
    });
    expect((await get(withQuery(ConsoleOrderPath.reconcile, { day: '2024-01-03' }), cookie)).data).toMatchObject({
      checked: 0,
      capped: false,
    });
  }, 60_000);

  it('settles one order of the day when told which', async () => {
    const cookie = await staff('管理员');
    const one = await account();
    const two = await account();
    const first = (await scanNewOrder(t, one.token)).order.order_id;
    const second = (await scanNewOrder(t, two.token)).order.order_id;
    for (const id of [first, second]) expect(await t.app.providers.sandboxPayment!.pay(id)).toBeTruthy();
    const answer = await post(ConsoleOrderPath.reconcileApply, cookie, {
      day: shanghaiDay(),
      order_id: first,
      reason: '用户来电反映已付款',
    });
    expect(answer.data.applied).toEqual([{ order_id: first, status: 'paid', audit_id: expect.any(Number) }]);
    expect((await readGrade(db(), one.id))?.grade).toBe('VIP');
    expect((await readGrade(db(), two.id))?.grade).toBe('FREE');
  });
});
