import { createHmac } from 'node:crypto';
import { Code, type OrderInfo, OrderPath, orderMessages, SANDBOX_CASHIER_PAGE } from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  membershipGrants,
  orders,
  paymentAgreements,
  paymentEvents,
  sandboxTrades,
  serverKeys,
  users,
} from '../../../db/schema';
import { createProviders, SANDBOX_PAY_SECRET_KEY } from '../../../providers';
import { PaymentVendorError } from '../../../providers/payment/index';
import {
  jobPaymentContext,
  noonOf,
  notifySandbox,
  paidNotification,
  payAtSandboxCashier,
  previewOrder,
} from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import { getPermissionUse } from '../../permissions';
import { chargeDueAgreements, unsignEndingAgreements } from './agreements.service';

const DAY = 86_400_000;

describe('buying a membership through the sandbox cashier', () => {
  const t = useTestApp();
  const { db, get, post, account } = t;

  const preview = (token: string, body: Record<string, unknown>) => previewOrder(t, token, body);

  /** Scans the Alipay QR (the pay page sends the phone on to the sandbox cashier) and presses a button. */
  const payAtCashier = async (buyer: { token: string }, orderId: string, action: 'pay' | 'cancel' = 'pay') => {
    const { shown, result } = await payAtSandboxCashier(t, buyer.token, orderId, action);
    expect(result).toBe(action === 'pay' ? 'paid' : 'cancelled');
    return shown;
  };

  /** A notification signed with the sandbox secret, as the cashier would send it. */
  const notify = (body: Record<string, unknown>, secretOk = true) => notifySandbox(t, body, secretOk);

  /** Time passes for a member's periods: they started `startedDaysAgo` and have `daysLeft`. */
  const moveGrants = (userId: number, days: { startedDaysAgo: number; daysLeft: number }) =>
    db()
      .update(membershipGrants)
      .set({
        startsAt: new Date(Date.now() - days.startedDaysAgo * DAY),
        endsAt: new Date(Date.now() + days.daysLeft * DAY),
      })
      .where(eq(membershipGrants.userId, userId));
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it('lists the default plans for a visitor, the continuous plan as a 29-day entry', async () => {
    const config = await get(OrderPath.gradeConfig);
    expect(config.code).toBe(Code.OK);
    const vip = config.data.VIP as Array<Record<string, unknown>>;
    expect(vip.find((plan) => plan.day === 365)).toMatchObject({ price: 49_900, current_price: 49_900, dis_price: 0 });
    expect(vip.find((plan) => plan.has_cycle)).toMatchObject({ day: 29, cycle_price: 5_900, first_label: '首月' });
    expect(config.data.SVIP.length).toBeGreaterThan(0);
    expect(config.data.EVIP.length).toBeGreaterThan(0);
  });

  it('asks a visitor to log in before previewing an order', async () => {
    const answer = await post(OrderPath.preview, undefined, { grade_enum: 'VIP', day: 365, rand_tag: 'x' });
    expect(answer.code).toBe(Code.TOKEN_INVALID);
  });

  it('lets a FREE user buy 个人版 for a year and makes them VIP until a year from now', async () => {
    const buyer = await account();
    const info = await preview(buyer.token, { grade_enum: 'VIP', day: 365 });
    expect(info.code).toBe(Code.OK);
    const order = info.data as OrderInfo;
    expect(order).toMatchObject({ price: 49_900, pay_money: 49_900, dis_price: 0, month: 12, coupon: null });
    expect(order.save_money).toBe(118_800 - 49_900);
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe(false);

    const cashier = await payAtCashier(buyer, order.order_id);
    expect(cashier).toMatchObject({
      state: 'payable',
      channel: 'alipay',
      amount: 49_900,
      subject: 'DSO 个人版 12个月',
    });
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe(true);

    const user = await userRow(buyer.id);
    expect(user.grade).toBe('VIP');
    expect(Math.abs(user.gradeEndsAt!.getTime() - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
    const list = await post(OrderPath.orderList, buyer.token, { page_no: 1 });
    expect(list.data.list[0]).toMatchObject({
      order_id: order.order_id,
      status: 'paid',
      pay_mode: 'AliPay',
      title: '个人版 12个月',
    });
    const roll = await get(OrderPath.rollList);
    expect(roll.data.us.map((item: { phone: string }) => item.phone)).toContain(
      `${buyer.phone.slice(0, 3)}****${buyer.phone.slice(-4)}`,
    );
  });

  it('answers the same pending order for a retried preview with the same rand_tag', async () => {
    const buyer = await account();
    const body = { grade_enum: 'VIP', day: 90, rand_tag: 'same-tag' };
    const first = await post(OrderPath.preview, buyer.token, body);
    const again = await post(OrderPath.preview, buyer.token, body);
    expect(again.data.order_id).toBe(first.data.order_id);
  });

  it('refuses the purchases the tier restrictions forbid, in their words', async () => {
    const flagship = await account({ grade: 'EVIP' });
    const enterprise = await account({ grade: 'SVIP' });
    expect(await preview(flagship.token, { grade_enum: 'SVIP', day: 365 })).toMatchObject({
      code: Code.TOAST,
      msg: '您是旗舰版会员，不可购买企业版！',
    });
    expect((await preview(flagship.token, { grade_enum: 'VIP', day: 365 })).msg).toBe(
      '您是旗舰版会员，不可购买个人版！',
    );
    expect((await preview(enterprise.token, { grade_enum: 'VIP', day: 365 })).msg).toBe(
      '您是企业版会员，不可购买个人版！',
    );
  });

  it('deducts the rest of a paid membership from an upgrade and starts the new grade now', async () => {
    const member = await account();
    const first = (await preview(member.token, { grade_enum: 'VIP', day: 365 })).data as OrderInfo;
    await payAtCashier(member, first.order_id);
    // Half the year has gone by.
    await moveGrants(member.id, { startedDaysAgo: 182.5, daysLeft: 182.5 });

    const config = await get(OrderPath.gradeConfig, member.token);
    const svipYear = (config.data.SVIP as Array<{ day: number; dis_price: number }>).find((plan) => plan.day === 365)!;
    expect(svipYear.dis_price).toBeGreaterThan(24_900);
    expect(svipYear.dis_price).toBeLessThanOrEqual(24_950);
    const upgrade = (await preview(member.token, { grade_enum: 'SVIP', day: 365 })).data as OrderInfo;
    expect(upgrade.dis_price).toBe(svipYear.dis_price);
    expect(upgrade.pay_money).toBe(289_900 - upgrade.dis_price);
    await payAtCashier(member, upgrade.order_id);

    const user = await userRow(member.id);
    expect(user.grade).toBe('SVIP');
    expect(Math.abs(user.gradeEndsAt!.getTime() - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
    const grants = await db().select().from(membershipGrants).where(eq(membershipGrants.userId, member.id));
    expect(grants.find((grant) => grant.grade === 'VIP')?.endedAt).not.toBeNull();
  });

  it('shows in 我的订单 each period as it holds after an upgrade: cut short, or never begun', async () => {
    const member = await account();
    const first = (await preview(member.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    await payAtCashier(member, first.order_id);
    // A month has gone by; a second quarter waits behind the first.
    await moveGrants(member.id, { startedDaysAgo: 30, daysLeft: 60 });
    await db()
      .update(users)
      .set({ gradeEndsAt: new Date(Date.now() + 60 * DAY) })
      .where(eq(users.id, member.id));
    const queued = (await preview(member.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    await payAtCashier(member, queued.order_id);
    const upgrade = (await preview(member.token, { grade_enum: 'SVIP', day: 365 })).data as OrderInfo;
    await payAtCashier(member, upgrade.order_id);

    const day = (offsetDays: number) => shanghaiDay(new Date(Date.now() + offsetDays * DAY));
    const list = (await post(OrderPath.orderList, member.token, { page_no: 1 })).data.list as Array<
      Record<string, unknown>
    >;
    const periodOf = (orderId: string) => {
      const item = list.find((order) => order.order_id === orderId)!;
      return { start: item.start_date, end: item.end_date, cut: item.period_cut };
    };
    expect(periodOf(upgrade.order_id)).toEqual({ start: day(0), end: day(365), cut: null });
    expect(periodOf(queued.order_id)).toEqual({ start: null, end: null, cut: 'upgrade' });
    expect(periodOf(first.order_id)).toEqual({ start: day(-30), end: day(0), cut: 'upgrade' });
  });

  it('extends the same grade from its current end', async () => {
    const member = await account();
    const first = (await preview(member.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    await payAtCashier(member, first.order_id);
    const endAfterFirst = (await userRow(member.id)).gradeEndsAt!.getTime();
    const second = (await preview(member.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    expect(second.dis_price).toBe(0);
    await payAtCashier(member, second.order_id);
    expect((await userRow(member.id)).gradeEndsAt!.getTime() - endAfterFirst).toBe(90 * DAY);
  });

  it('reports CANCEL when the payer cancels at the cashier', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    await payAtCashier(buyer, order.order_id, 'cancel');
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe('CANCEL');
    expect((await userRow(buyer.id)).grade).toBe('FREE');
  });

  it('closes a lapsed order at the vendor and keeps a later payment for refund without granting it', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    await t.app.inject({ method: 'GET', url: `${OrderPath.alipayPage}?orderId=${order.order_id}` });
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.order_id));

    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe('CLOSED');
    const [trade] = await db().select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, order.order_id));
    expect(trade?.status).toBe('TRADE_CLOSED');

    const late = await notify(paidNotification(order, 'LATE1'));
    expect(late.body).toBe('success');
    expect((await orderRow(order.order_id)).status).toBe('refund_due');
    expect((await userRow(buyer.id)).grade).toBe('FREE');
  });

  it('refuses a forged notification and one with the wrong amount, and grants a duplicate once', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    const paid = paidNotification(order, 'T1');

    const forged = await notify(paid, false);
    expect(forged.body).toBe('fail');
    const wrongAmount = await notify({ ...paid, total_fen: 1 });
    expect(wrongAmount.body).toBe('success');
    expect((await orderRow(order.order_id)).status).toBe('pending');
    expect((await userRow(buyer.id)).grade).toBe('FREE');

    expect((await notify(paid)).body).toBe('success');
    const endOnce = (await userRow(buyer.id)).gradeEndsAt!.getTime();
    expect((await notify(paid)).body).toBe('success');
    expect((await userRow(buyer.id)).gradeEndsAt!.getTime()).toBe(endOnce);

    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, order.order_id));
    expect(events.map((event) => event.outcome).sort()).toEqual(['amount_mismatch', 'applied', 'duplicate']);
  });

  it('gives a WeChat Pay QR, and only Alipay for the continuous monthly plan', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30, pe: 'WxPay' })).data as OrderInfo;
    const qr = await get(`${OrderPath.wechatQr}?orderId=${order.order_id}`, buyer.token);
    expect(qr.data.code_url).toContain(`${SANDBOX_CASHIER_PAGE}?trade=${order.order_id}`);

    expect((await preview(buyer.token, { grade_enum: 'VIP', day: 29, cycle: 1, pe: 'WxPay' })).msg).toBe(
      orderMessages.cycleAlipayOnly,
    );
    const cycle = (await preview(buyer.token, { grade_enum: 'VIP', day: 29, cycle: 1 })).data as OrderInfo;
    expect(cycle).toMatchObject({ price: 3_900, cycle_price: 5_900, first_label: '首月' });
    expect((await get(`${OrderPath.wechatQr}?orderId=${cycle.order_id}`, buyer.token)).msg).toBe(
      orderMessages.cycleAlipayOnly,
    );
  });

  it('signs the continuous plan with its first payment, charges each period and stops when cancelled', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 29, cycle: true })).data as OrderInfo;
    await payAtCashier(buyer, order.order_id);
    const [agreement] = await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, buyer.id));
    expect(agreement).toMatchObject({ status: 'active', cycleAmountFen: 5_900 });
    const endAfterFirst = (await userRow(buyer.id)).gradeEndsAt!.getTime();

    const context = jobPaymentContext(t);
    const dueDay = noonOf(agreement!.nextChargeOn);
    expect(await chargeDueAgreements(context, dueDay)).toBe(1);
    expect(await chargeDueAgreements(context, dueDay)).toBe(0);
    expect((await userRow(buyer.id)).gradeEndsAt!.getTime() - endAfterFirst).toBe(30 * DAY);

    const nextDay = (await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, buyer.id)))[0]!
      .nextChargeOn;
    expect((await get(OrderPath.cycleInfo, buyer.token)).data).toEqual({
      grade: 'VIP',
      cycle_price: 5_900,
      period_days: 30,
      next_charge_date: nextDay,
    });

    expect((await post(OrderPath.cancelCycle, buyer.token)).data).toEqual({ cancelled: 1 });
    expect((await get(OrderPath.cycleInfo, buyer.token)).data).toBeNull();
    expect(await chargeDueAgreements(context, new Date(dueDay.getTime() + 40 * DAY))).toBe(0);
  });

  it('ends the 连续包月 of the grade an upgrade replaces, at the vendor too, once however often the payment is reported', async () => {
    const member = await account();
    const monthly = (await preview(member.token, { grade_enum: 'VIP', day: 29, cycle: true })).data as OrderInfo;
    expect(monthly.ends_cycle).toBeNull();
    await payAtCashier(member, monthly.order_id);
    const agreementOf = async () =>
      (await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, member.id)))[0]!;
    const signed = await agreementOf();
    expect(signed.status).toBe('active');

    // The pay box says it before payment; the same grade's plans would not end it.
    expect(((await preview(member.token, { grade_enum: 'VIP', day: 365 })).data as OrderInfo).ends_cycle).toBeNull();
    const upgrade = (await preview(member.token, { grade_enum: 'SVIP', day: 365 })).data as OrderInfo;
    expect(upgrade.ends_cycle).toBe('VIP');

    // The vendor cannot unsign at first: the agreement charges nothing meanwhile and is unsigned later.
    const unsign = vi
      .spyOn(t.app.providers.payment.alipay, 'cancelAgreement')
      .mockRejectedValueOnce(new PaymentVendorError('ACQ.SYSTEM_ERROR', '系统繁忙'));
    try {
      await payAtCashier(member, upgrade.order_id);
      expect((await userRow(member.id)).grade).toBe('SVIP');
      expect((await agreementOf()).status).toBe('ending');
      expect((await get(OrderPath.cycleInfo, member.token)).data).toBeNull();
      const context = jobPaymentContext(t);
      expect(await chargeDueAgreements(context, noonOf(signed.nextChargeOn))).toBe(0);
      expect((await userRow(member.id)).grade).toBe('SVIP');

      // The upgrade's payment reported again changes nothing and unsigns nothing more.
      const paid = await orderRow(upgrade.order_id);
      const again = await notify(paidNotification(upgrade, paid.vendorTradeNo));
      expect(again.body).toBe('success');
      expect(unsign).toHaveBeenCalledTimes(1);

      // The maintenance job's round unsigns it.
      expect(await unsignEndingAgreements(context)).toBe(1);
      expect(unsign).toHaveBeenLastCalledWith(signed.agreementNo);
      expect((await agreementOf()).status).toBe('ended');
      expect(await unsignEndingAgreements(context)).toBe(0);
      expect(unsign).toHaveBeenCalledTimes(2);
    } finally {
      unsign.mockRestore();
    }
  });

  it('asks a visitor to log in before reading or cancelling a continuous plan, and answers null without one', async () => {
    expect((await get(OrderPath.cycleInfo)).code).toBe(Code.TOKEN_INVALID);
    expect((await post(OrderPath.cancelCycle, undefined)).code).toBe(Code.TOKEN_INVALID);
    const buyer = await account();
    expect(await get(OrderPath.cycleInfo, buyer.token)).toMatchObject({ code: Code.OK, data: null });
    expect((await post(OrderPath.cancelCycle, buyer.token)).data).toEqual({ cancelled: 0 });
  });

  it('refuses a child account’s purchase', async () => {
    const parent = await account({ grade: 'SVIP' });
    const child = await account();
    const invited = await post('/api/sub_account/add_info', parent.token, { phone: child.phone });
    expect(invited.code).toBe(Code.OK);
    expect((await post('/api/sub_account/assentV2', child.token)).code).toBe(Code.OK);
    expect((await preview(child.token, { grade_enum: 'VIP', day: 365 })).msg).toBe(
      '子账号不能购买或续费，请解绑后购买',
    );
  });

  it('sells an EVIP member an extraction pack that adds 100 to the quota', async () => {
    const member = await account({ grade: 'EVIP' });
    const packs = await get(`${OrderPath.frequencyPackages}?frequencyType=9`, member.token);
    const hundred = (packs.data as Array<{ id: number; frequency: number; price: number }>).find(
      (pack) => pack.frequency === 100,
    )!;
    expect(hundred.price).toBe(2_900);
    const before = await getPermissionUse(db(), member.id, 'AI_WRITING_BATCH_EXTRACTION');
    const order = await post(OrderPath.previewFrequency, member.token, {
      frequency_package_id: hundred.id,
      rand_tag: 'pack-1',
    });
    expect(order.data.order).toMatchObject({ price: 2_900 });
    await payAtCashier(member, order.data.order.order_id);
    const after = await getPermissionUse(db(), member.id, 'AI_WRITING_BATCH_EXTRACTION');
    expect(after.per_val - before.per_val).toBe(100);

    expect((await get(`${OrderPath.frequencyPackages}?frequencyType=8`, member.token)).data).toEqual([]);
    expect(
      (await post(OrderPath.previewFrequency, member.token, { frequency_package_id: 999_999, rand_tag: 'pack-2' })).msg,
    ).toBe(orderMessages.orderFailed);
  });

  it('leaves orders nobody tried to pay out of 我的订单', async () => {
    const buyer = await account();
    const untouched = (await preview(buyer.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    const scanned = (await preview(buyer.token, { grade_enum: 'VIP', day: 30, pe: 'WxPay' })).data as OrderInfo;
    await get(`${OrderPath.wechatQr}?orderId=${scanned.order_id}`, buyer.token);
    const list = await post(OrderPath.orderList, buyer.token, { page_no: 1 });
    expect(list.data.total).toBe(1);
    expect(list.data.list.map((item: { order_id: string }) => item.order_id)).toEqual([scanned.order_id]);
    expect(untouched.order_id).not.toBe(scanned.order_id);
  });

  it('shows the Alipay cashier for an order whose WeChat QR was shown first', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30, pe: 'WxPay' })).data as OrderInfo;
    const wechat = await get(`${OrderPath.wechatQr}?orderId=${order.order_id}`, buyer.token);
    const trade = new URL(wechat.data.code_url).searchParams.get('trade');
    expect((await get(`${OrderPath.sandboxCashier}?trade=${trade}`, buyer.token)).data.channel).toBe('wechat');
    // The buyer switches to 支付宝 and scans that QR instead.
    expect(await payAtCashier(buyer, order.order_id)).toMatchObject({ state: 'payable', channel: 'alipay' });
    expect((await post(OrderPath.orderList, buyer.token, { page_no: 1 })).data.list[0].pay_mode).toBe('AliPay');
  });

  it('lets only the order’s owner pay or cancel at the sandbox cashier', async () => {
    const owner = await account();
    const other = await account();
    const order = (await preview(owner.token, { grade_enum: 'VIP', day: 30, pe: 'WxPay' })).data as OrderInfo;
    await get(`${OrderPath.wechatQr}?orderId=${order.order_id}`, owner.token);
    const cashier = `${OrderPath.sandboxCashier}?trade=${order.order_id}`;

    expect((await get(cashier)).code).toBe(Code.TOKEN_INVALID);
    expect((await post(OrderPath.sandboxCashier, undefined, { trade: order.order_id, action: 'pay' })).code).toBe(
      Code.TOKEN_INVALID,
    );
    expect((await get(cashier, other.token)).data).toEqual({ state: 'not_owner' });
    for (const action of ['pay', 'cancel']) {
      const pressed = await post(OrderPath.sandboxCashier, other.token, { trade: order.order_id, action });
      expect(pressed.data).toEqual({ state: 'not_owner' });
    }
    expect((await orderRow(order.order_id)).status).toBe('pending');
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, owner.token)).data).toBe(false);

    expect((await get(cashier, owner.token)).data).toMatchObject({ state: 'payable', amount: order.pay_money });
    expect((await post(OrderPath.sandboxCashier, owner.token, { trade: order.order_id, action: 'pay' })).data).toEqual({
      state: 'paid',
    });
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, owner.token)).data).toBe(true);
    expect((await get(cashier, owner.token)).data).toEqual({ state: 'unusable' });
  });

  it('signs sandbox payments with a secret of its own database, never the old public default', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    const text = JSON.stringify(paidNotification(order, 'FORGED1'));
    const notifyWith = async (signature: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: OrderPath.notifySandbox,
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
          payload: text,
        })
      ).body;
    const publicDefault = createHmac('sha256', 'local-sandbox-payment-secret').update(text).digest('hex');
    expect(await notifyWith(publicDefault)).toBe('fail');
    expect((await orderRow(order.order_id)).status).toBe('pending');

    const [stored] = await db().select().from(serverKeys).where(eq(serverKeys.name, SANDBOX_PAY_SECRET_KEY));
    expect(Buffer.from(stored!.privateKey, 'base64')).toHaveLength(32);
    // Another instance on the same database signs with the same secret.
    const another = createProviders({ config: t.app.config, db: db(), log: t.app.log }).sandboxPayment!;
    expect(await notifyWith(await another.sign(text))).toBe('success');
    expect((await orderRow(order.order_id)).status).toBe('paid');
  });

  it('does not show another user’s order result', async () => {
    const owner = await account();
    const other = await account();
    const order = (await preview(owner.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, other.token)).msg).toBe(
      orderMessages.orderNotFound,
    );
  });
});
