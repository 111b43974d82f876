import {
  Code,
  type ConsoleRefund,
  type ConsoleRefundList,
  ConsoleRefundPath,
  consoleRefundMessages as m,
} from '@dso/contract';
import type { ConsoleRole } from '@dso/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentEvents } from '../../../db/schema';
import { PaymentVendorError } from '../../../providers/payment/index';
import { notifySandbox, paidNotification } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import {
  catchSandboxNotifications,
  deliverSandboxNotification,
  payLate,
  paymentEventsOf,
  payTwice,
  settleRefundsAsJob,
} from '../../orders/refunds/refunds.testing';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

describe('console refunds', () => {
  const t = useTestApp();
  const { db, account } = t;
  afterEach(() => vi.restoreAllMocks());

  const { call } = consoleCalls(t);
  const list = async (cookie: string) => (await call('GET', ConsoleRefundPath.list, cookie)).data as ConsoleRefundList;
  const rowOf = async (cookie: string, paymentId: number) =>
    (await list(cookie)).list.find((row) => row.payment_id === paymentId) as ConsoleRefund;
  const refund = (cookie: string | undefined, paymentId: number, reason = '用户重复支付，原路退回') =>
    call('POST', ConsoleRefundPath.refund, cookie, { payment_id: paymentId, reason });
  const byHand = (cookie: string | undefined, paymentId: number, reason = '已银行转账退回') =>
    call('POST', ConsoleRefundPath.refundByHand, cookie, { payment_id: paymentId, reason });
  const toast = (msg: string) => ({ code: Code.TOAST, msg, data: null });
  const staff = (role: ConsoleRole) => staffWithCookie(db(), role);
  const alipay = () => t.app.providers.payment.alipay;
  const auditsOf = (orderId: string) => auditOf(db(), `order:${orderId}`);

  it('lists each payment due back once to 管理员, 财务 and 客服; 数据, members and visitors are refused', async () => {
    const late = await account();
    const closed = await payLate(t, late.token, 'LATE-LIST');
    // The vendor repeats its notice: still one payment due back.
    await notifySandbox(t, paidNotification(closed.order, 'LATE-LIST'));
    const buyer = await account();
    const twice = await payTwice(t, buyer.token);

    const finance = await staff('财务');
    const answer = await list(finance.cookie);
    expect(answer.list.filter((row) => row.order_id === closed.order.order_id)).toEqual([
      expect.objectContaining({
        payment_id: closed.paymentId,
        user_id: late.id,
        phone: late.phone,
        provider: 'sandbox',
        channel: 'alipay',
        vendor_trade_no: 'LATE-LIST',
        amount: closed.order.pay_money,
        due_reason: 'closed',
        status: 'due',
        out_refund_no: null,
        notify_time: null,
      }),
    ]);
    expect(answer.list.filter((row) => row.order_id === twice.order.order_id)).toEqual([
      expect.objectContaining({
        payment_id: twice.paymentId,
        phone: buyer.phone,
        vendor_trade_no: twice.vendorTradeNo,
        due_reason: 'paid_twice',
        status: 'due',
      }),
    ]);
    expect(typeof answer.list[0]?.paid_time).toBe('number');
    const open = answer.list.filter((row) => row.status === 'due' || row.status === 'failed');
    expect(answer.open_count).toBe(open.length);
    expect(answer.open_amount).toBe(open.reduce((sum, row) => sum + row.amount, 0));

    for (const role of ['管理员', '客服'] as const) {
      expect((await call('GET', ConsoleRefundPath.list, (await staff(role)).cookie)).code).toBe(Code.OK);
    }
    expect(await call('GET', ConsoleRefundPath.list, (await staff('数据')).cookie)).toEqual({
      code: Code.FORBIDDEN,
      msg: '无权限访问',
      data: null,
    });
    const member = await account();
    expect((await t.request({ method: 'GET', url: ConsoleRefundPath.list, token: member.token })).json()).toMatchObject(
      { code: Code.FORBIDDEN, msg: '无权限访问' },
    );
    expect(await call('GET', ConsoleRefundPath.list)).toMatchObject({ code: Code.TOKEN_INVALID, msg: '请先登录' });
  });

  it('lets only 管理员 and 财务 refund: 客服 and 数据 get 403 and visitors 800, and nothing changes', async () => {
    const buyer = await account();
    const { order, paymentId } = await payTwice(t, buyer.token);
    const asked = vi.spyOn(alipay(), 'refund');
    for (const role of ['客服', '数据'] as const) {
      const { cookie } = await staff(role);
      expect(await refund(cookie, paymentId)).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
      expect(await byHand(cookie, paymentId)).toEqual({ code: Code.FORBIDDEN, msg: '无权限访问', data: null });
    }
    expect(await refund(undefined, paymentId)).toMatchObject({ code: Code.TOKEN_INVALID, msg: '请先登录' });
    expect(asked).not.toHaveBeenCalled();
    expect(await auditsOf(order.order_id)).toEqual([]);
    const admin = await staff('管理员');
    expect((await rowOf(admin.cookie, paymentId)).status).toBe('due');
    expect(await refund(admin.cookie, paymentId)).toMatchObject({ code: Code.OK, data: { status: 'success' } });
  });

  it('checks the payment and the reason', async () => {
    const { cookie } = await staff('财务');
    const buyer = await account();
    const { order, paymentId } = await payTwice(t, buyer.token);
    const bad = (msg: string) => expect.objectContaining({ code: Code.BAD_REQUEST, msg });
    for (const path of [ConsoleRefundPath.refund, ConsoleRefundPath.refundByHand]) {
      expect(await call('POST', path, cookie, { payment_id: paymentId })).toEqual(bad('请填写操作原因'));
      expect(await call('POST', path, cookie, { payment_id: paymentId, reason: '  ' })).toEqual(bad('请填写操作原因'));
      expect(await call('POST', path, cookie, { payment_id: paymentId, reason: '退'.repeat(201) })).toEqual(
        bad('操作原因最多200字'),
      );
      for (const id of [0, -1, 1.5, 'abc', null]) {
        expect(await call('POST', path, cookie, { payment_id: id, reason: '退款' })).toEqual(bad(m.paymentInvalid));
      }
      expect(await call('POST', path, cookie, { payment_id: 2 ** 40, reason: '退款' })).toEqual({
        code: Code.NOT_FOUND,
        msg: m.paymentNotFound,
        data: null,
      });
      // The order's first payment was granted, not kept for refund.
      const [granted] = (await paymentEventsOf(t, order.order_id)).filter((event) => event.outcome === 'applied');
      expect(await call('POST', path, cookie, { payment_id: granted!.id, reason: '退款' })).toMatchObject({
        code: Code.NOT_FOUND,
        msg: m.paymentNotFound,
      });
    }
    expect(await auditsOf(order.order_id)).toEqual([]);
  });

  it('refunds a double payment through the sandbox, audits it, and applies the refund notification once', async () => {
    const notices = catchSandboxNotifications(t, true);
    const finance = await staff('财务');
    const buyer = await account();
    const { order, paymentId, vendorTradeNo } = await payTwice(t, buyer.token);

    const answer = await refund(finance.cookie, paymentId);
    expect(answer).toMatchObject({ code: Code.OK, msg: m.refunded, data: { changed: 1, status: 'success' } });
    await vi.waitFor(() => expect(notices.caught).toHaveLength(1));
    await notices.settled();

    const row = await rowOf(finance.cookie, paymentId);
    expect(row).toMatchObject({
      status: 'success',
      out_refund_no: expect.stringMatching(/^RF\d{10}$/),
      vendor_refund_id: expect.stringMatching(/^SBXR/),
      staff_name: finance.name,
      refund_reason: '用户重复支付，原路退回',
      vendor_error: null,
    });
    expect(row.notify_time).toEqual(expect.any(Number));
    expect(row.finish_time).toEqual(expect.any(Number));
    const [entry, ...others] = await auditsOf(order.order_id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      id: answer.data.audit_id,
      staffId: finance.id,
      staffName: finance.name,
      action: 'order.refund',
      reason: '用户重复支付，原路退回',
      before: { payment_id: paymentId, status: 'due' },
      after: {
        payment_id: paymentId,
        status: 'success',
        out_refund_no: row.out_refund_no,
        vendor_trade_no: vendorTradeNo,
        amount: order.pay_money,
      },
    });

    // Asked again, through the vendor or by hand: it was refunded, nothing more happens.
    expect(await refund(finance.cookie, paymentId)).toEqual(toast(m.alreadyRefunded));
    expect(await byHand(finance.cookie, paymentId)).toEqual(toast(m.alreadyRefunded));
    // The vendor repeats its notification: nothing changes.
    await deliverSandboxNotification(
      t,
      (await t.app.providers.sandboxPayment!.refundNotification(row.out_refund_no!))!,
    );
    expect(await rowOf(finance.cookie, paymentId)).toEqual(row);
    const outcomes = (await paymentEventsOf(t, order.order_id)).map((event) => event.outcome);
    expect(outcomes.slice(0, 2)).toEqual(['duplicate', 'refund_success']);
    expect(await auditsOf(order.order_id)).toHaveLength(1);
  });

  it('refunds once when two staff (or a double click) ask at the same moment', async () => {
    catchSandboxNotifications(t, false);
    const buyer = await account();
    const { order, paymentId } = await payTwice(t, buyer.token);
    const gateway = alipay();
    const original = gateway.refund.bind(gateway);
    // A vendor slow to answer: the second request comes while the first waits for it.
    const asked = vi.spyOn(gateway, 'refund').mockImplementation(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return original(request);
    });
    const [first, second] = await Promise.all([staff('财务'), staff('管理员')]);
    const answers = await Promise.all([refund(first.cookie, paymentId), refund(second.cookie, paymentId)]);
    expect(answers.filter((answer) => answer.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === Code.TOAST).map((answer) => answer.msg)).toEqual([
      expect.stringMatching(new RegExp(`^(${m.inFlight}|${m.alreadyRefunded})$`)),
    ]);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(await auditsOf(order.order_id)).toHaveLength(1);
  });

  it('refunds nothing when the vendor cannot be asked, and retries with the same refund id', async () => {
    catchSandboxNotifications(t, false);
    const finance = await staff('财务');
    const buyer = await account();
    const { order, paymentId } = await payTwice(t, buyer.token);
    const asked = vi
      .spyOn(alipay(), 'refund')
      .mockRejectedValueOnce(new PaymentVendorError('ACQ.SYSTEM_ERROR', '系统繁忙'));

    expect(await refund(finance.cookie, paymentId)).toEqual(toast(m.vendorUnreachable));
    const failed = await rowOf(finance.cookie, paymentId);
    expect(failed).toMatchObject({ status: 'failed', vendor_error: expect.stringContaining('ACQ.SYSTEM_ERROR') });
    expect((await auditsOf(order.order_id))[0]).toMatchObject({
      action: 'order.refund',
      before: { status: 'due' },
      after: { status: 'failed', out_refund_no: failed.out_refund_no },
    });

    expect(await refund(finance.cookie, paymentId, '重试退款')).toMatchObject({
      code: Code.OK,
      data: { status: 'success' },
    });
    expect(asked).toHaveBeenCalledTimes(2);
    const ids = asked.mock.calls.map(([request]) => request.outRefundNo);
    expect(ids).toEqual([failed.out_refund_no, failed.out_refund_no]);
    expect(asked.mock.calls[1]![0]).toMatchObject({ outTradeNo: order.order_id, refundFen: order.pay_money });
    expect((await auditsOf(order.order_id))[0]).toMatchObject({
      reason: '重试退款',
      before: { status: 'failed' },
      after: { status: 'success', vendor_error: null },
    });
  });

  it('shows a vendor refusal, and lets the payment be marked refunded by hand once', async () => {
    const finance = await staff('财务');
    const buyer = await account();
    // A trade the sandbox never made: it refuses to refund it.
    const { order, paymentId } = await payLate(t, buyer.token, 'LATE-REFUSED');
    expect(await refund(finance.cookie, paymentId)).toEqual(toast(`${m.vendorRefused}：交易不存在或未支付`));
    expect(await rowOf(finance.cookie, paymentId)).toMatchObject({
      status: 'failed',
      vendor_error: '交易不存在或未支付',
    });

    const answer = await byHand(finance.cookie, paymentId);
    expect(answer).toMatchObject({ code: Code.OK, msg: m.markedByHand, data: { status: 'by_hand' } });
    expect(await rowOf(finance.cookie, paymentId)).toMatchObject({
      status: 'by_hand',
      refund_reason: '已银行转账退回',
      finish_time: expect.any(Number),
    });
    expect((await auditsOf(order.order_id))[0]).toMatchObject({
      id: answer.data.audit_id,
      action: 'order.refund_by_hand',
      before: { status: 'failed' },
      after: { status: 'by_hand' },
    });
    expect(await refund(finance.cookie, paymentId)).toEqual(toast(m.byHand));
    expect(await byHand(finance.cookie, paymentId)).toEqual(toast(m.byHand));
    expect(await auditsOf(order.order_id)).toHaveLength(2);
  });

  it('marks a payment nobody refunded by hand without asking the vendor', async () => {
    const finance = await staff('管理员');
    const buyer = await account();
    const { order, paymentId } = await payTwice(t, buyer.token);
    const asked = vi.spyOn(alipay(), 'refund');
    expect(await byHand(finance.cookie, paymentId)).toMatchObject({ code: Code.OK, data: { status: 'by_hand' } });
    expect(asked).not.toHaveBeenCalled();
    expect((await auditsOf(order.order_id))[0]).toMatchObject({
      before: { status: 'due' },
      after: { status: 'by_hand' },
    });
  });

  it('refuses to mark by hand a refund the vendor made after all when its answer was lost', async () => {
    catchSandboxNotifications(t, false);
    const finance = await staff('财务');
    const buyer = await account();
    const { paymentId } = await payTwice(t, buyer.token);
    const gateway = alipay();
    const original = gateway.refund.bind(gateway);
    vi.spyOn(gateway, 'refund').mockImplementationOnce(async (request) => {
      await original(request);
      throw new PaymentVendorError('TIMEOUT', '请求超时');
    });
    expect(await refund(finance.cookie, paymentId)).toEqual(toast(m.vendorUnreachable));
    expect(await byHand(finance.cookie, paymentId)).toEqual(toast(m.alreadyRefunded));
    expect((await rowOf(finance.cookie, paymentId)).status).toBe('success');
  });

  it('settles a refund the vendor is still processing by its notification, checking the amount', async () => {
    catchSandboxNotifications(t, false);
    const finance = await staff('财务');
    const buyer = await account();
    const { order, paymentId } = await payTwice(t, buyer.token);
    vi.spyOn(alipay(), 'refund').mockResolvedValueOnce({ state: 'processing', vendorRefundId: 'R-PROCESSING' });
    expect(await refund(finance.cookie, paymentId)).toMatchObject({
      code: Code.OK,
      msg: m.processing,
      data: { status: 'processing' },
    });
    const asked = await rowOf(finance.cookie, paymentId);
    expect(asked.status).toBe('processing');
    expect(await refund(finance.cookie, paymentId)).toEqual(toast(m.inFlight));
    expect(await byHand(finance.cookie, paymentId)).toEqual(toast(m.inFlight));

    const notice = (refundFen: number) =>
      notifySandbox(t, {
        out_trade_no: order.order_id,
        trade_status: 'REFUND_SUCCESS',
        out_refund_no: asked.out_refund_no,
        refund_fen: refundFen,
        refund_id: 'R-PROCESSING',
      });
    expect((await notice(order.pay_money + 1)).body).toBe('success');
    expect((await rowOf(finance.cookie, paymentId)).status).toBe('processing');
    expect((await paymentEventsOf(t, order.order_id))[0]?.outcome).toBe('amount_mismatch');

    await notice(order.pay_money);
    expect(await rowOf(finance.cookie, paymentId)).toMatchObject({
      status: 'success',
      notify_time: expect.any(Number),
      finish_time: expect.any(Number),
    });
  });

  it('names a vendor’s payment by its own channel, and leaves one of a vendor not configured here to be refunded by hand', async () => {
    const finance = await staff('财务');
    const buyer = await account();
    const { order } = await payTwice(t, buyer.token);
    // Paid through WeChat Pay when it was configured; this installation now runs the sandbox.
    const [event] = await db()
      .insert(paymentEvents)
      .values({
        orderId: order.order_id,
        provider: 'wechatpay',
        source: 'notify',
        outcome: 'refund_due',
        amountFen: order.pay_money,
        vendorTradeNo: '4200002026',
      })
      .returning();
    expect(await rowOf(finance.cookie, event!.id)).toMatchObject({ provider: 'wechatpay', channel: 'wechat' });
    expect(await refund(finance.cookie, event!.id)).toEqual(toast(m.noGateway));
    expect((await rowOf(finance.cookie, event!.id)).status).toBe('due');
    expect(await byHand(finance.cookie, event!.id)).toMatchObject({ code: Code.OK, data: { status: 'by_hand' } });
    expect(await rowOf(finance.cookie, event!.id)).toMatchObject({ status: 'by_hand', channel: 'wechat' });
  });

  it("settles a processing refund whose notification never came by the maintenance job's query", async () => {
    catchSandboxNotifications(t, false);
    const finance = await staff('财务');
    const buyer = await account();
    const { paymentId } = await payTwice(t, buyer.token);
    vi.spyOn(alipay(), 'refund').mockResolvedValueOnce({ state: 'processing', vendorRefundId: 'R-SLOW' });
    await refund(finance.cookie, paymentId);
    const queried = vi
      .spyOn(alipay(), 'queryRefund')
      .mockResolvedValue({ state: 'success', vendorRefundId: 'R-SLOW', refundedAt: new Date() });

    // Within its minute the job leaves it to the notification.
    await settleRefundsAsJob(t, new Date());
    expect(queried).not.toHaveBeenCalled();
    expect((await rowOf(finance.cookie, paymentId)).status).toBe('processing');

    expect(await settleRefundsAsJob(t, new Date(Date.now() + 61_000))).toBeGreaterThanOrEqual(1);
    expect(await rowOf(finance.cookie, paymentId)).toMatchObject({ status: 'success', vendor_refund_id: 'R-SLOW' });
  });
});
