import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/database';
import type { PayChannel } from './index';
import { refundsOf } from './refunds.testing';
import { createSandboxPayment, type SandboxNotification, type SandboxPayment } from './sandbox';

const notifyUrl = 'http://127.0.0.1:9/api/pay/notify/sandbox';
let sequence = 0;
const orderNo = () => `SBT${Date.now()}${String(sequence++).padStart(3, '0')}`;

describe('the sandbox payment provider’s refunds', () => {
  let handle: DatabaseHandle;
  let sandbox: SandboxPayment;
  const delivered: SandboxNotification[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    sandbox = createSandboxPayment({ db: handle.db, secret: async () => 'sandbox-test-secret' });
    sandbox.deliverNotificationsWith(async (notification) => {
      delivered.push(notification);
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  /** A trade paid at the sandbox cashier, and the refund to ask for on it. */
  async function paidTrade(channel: PayChannel = 'alipay', amountFen = 2990) {
    const outTradeNo = orderNo();
    await sandbox[channel].createQr({
      outTradeNo,
      amountFen,
      subject: 'DSO 个人版 1个月',
      expiresAt: new Date(Date.now() + 900_000),
      notifyUrl,
    });
    expect(await sandbox.pay(outTradeNo)).not.toBeNull();
    const vendorTradeNo = (await sandbox.findTrade(outTradeNo))!.vendorTradeNo;
    const refund = refundsOf({ outTradeNo, vendorTradeNo, totalFen: amountFen, notifyUrl: notifyUrl });
    return { outTradeNo, refund };
  }

  it('refunds a paid trade at once and answers the same refund however often it is asked', async () => {
    const trade = await paidTrade('wechat');
    const outRefundNo = `RF${orderNo()}`;
    const first = await sandbox.wechat.refund(trade.refund(outRefundNo));
    expect(first).toEqual({
      state: 'success',
      vendorRefundId: expect.stringMatching(/^SBXR/),
      refundedAt: expect.any(Date),
    });
    expect(await sandbox.wechat.refund(trade.refund(outRefundNo))).toEqual(first);
    expect(await sandbox.alipay.queryRefund({ outTradeNo: trade.outTradeNo, outRefundNo })).toEqual(first);
    // The whole amount went back once: nothing is left to refund under another id.
    expect(await sandbox.wechat.refund(trade.refund(`RF${orderNo()}`, 1))).toEqual({
      state: 'failed',
      reason: '退款金额超过可退金额',
    });
    await vi.waitFor(() => expect(delivered.filter((n) => n.body.includes(outRefundNo))).toHaveLength(1));
  });

  it('refuses a refund of an unpaid or unknown trade, or of more than is left', async () => {
    const trade = await paidTrade('alipay', 1000);
    expect((await sandbox.alipay.refund(trade.refund(`RF${orderNo()}`, 600))).state).toBe('success');
    expect(await sandbox.alipay.refund(trade.refund(`RF${orderNo()}`, 401))).toEqual({
      state: 'failed',
      reason: '退款金额超过可退金额',
    });
    const unknown = { ...trade.refund(`RF${orderNo()}`, 100), vendorTradeNo: 'SBXNOTHERE' };
    expect(await sandbox.alipay.refund(unknown)).toEqual({ state: 'failed', reason: '交易不存在或未支付' });
    const unpaid = orderNo();
    await sandbox.alipay.createQr({
      outTradeNo: unpaid,
      amountFen: 500,
      subject: 'DSO 个人版 1个月',
      expiresAt: new Date(Date.now() + 900_000),
      notifyUrl,
    });
    const waiting = (await sandbox.findTrade(unpaid))!;
    expect(
      await sandbox.alipay.refund({
        ...trade.refund(`RF${orderNo()}`, 500),
        outTradeNo: unpaid,
        vendorTradeNo: waiting.vendorTradeNo,
      }),
    ).toEqual({ state: 'failed', reason: '交易不存在或未支付' });
  });

  it('answers not_exist for a refund it never made', async () => {
    const trade = await paidTrade();
    expect(await sandbox.alipay.queryRefund({ outTradeNo: trade.outTradeNo, outRefundNo: 'RFNEVERMADE' })).toEqual({
      state: 'not_exist',
    });
  });

  it('sends a signed REFUND_SUCCESS notification its readNotify reads as the refund, and a forged one as forged', async () => {
    const trade = await paidTrade('alipay', 4500);
    const outRefundNo = `RF${orderNo()}`;
    const made = await sandbox.alipay.refund(trade.refund(outRefundNo, 4000));
    await vi.waitFor(() => expect(delivered.some((n) => n.body.includes(outRefundNo))).toBe(true));
    const notification = delivered.find((n) => n.body.includes(outRefundNo))!;
    expect(notification.notifyUrl).toBe(notifyUrl);
    expect(notification).toEqual(await sandbox.refundNotification(outRefundNo));

    const notice = await sandbox.alipay.readNotify({ headers: notification.headers, body: notification.body });
    expect(notice).toEqual({
      kind: 'refund',
      outTradeNo: trade.outTradeNo,
      outRefundNo,
      status: 'success',
      amountFen: 4000,
      vendorRefundId: made.state === 'success' ? made.vendorRefundId : '',
      refundedAt: made.state === 'success' ? made.refundedAt : null,
    });
    const raised = notification.body.replace('"refund_fen":4000', '"refund_fen":4500');
    expect(await sandbox.alipay.readNotify({ headers: notification.headers, body: raised })).toMatchObject({
      kind: 'forged',
    });
    const stranger = createSandboxPayment({ db: handle.db, secret: async () => 'another-secret' });
    const signed = { ...notification.headers, 'x-sandbox-signature': await stranger.sign(notification.body) };
    expect(await sandbox.wechat.readNotify({ headers: signed, body: notification.body })).toMatchObject({
      kind: 'forged',
    });
    expect(await sandbox.refundNotification('RFNEVERMADE')).toBeNull();
  });
});
