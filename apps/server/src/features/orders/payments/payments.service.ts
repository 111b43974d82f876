import { orderMessages, type PayResult } from '@dso/contract';
import { gradeNames, normalizeGrade, planLengthLabel } from '@dso/domain';
import { AppError } from '../../../lib/app-error';
import { type PayChannel, type PaymentCallback, PaymentVendorError } from '../../../providers/payment/index';
import { isCouponSpentElsewhere } from '../coupons/coupons.service';
import { findOrder, insertPaymentEvent, type OrderRow, updateOrder } from '../orders.repository';
import { packTitle } from '../packs/packs.service';
import { applyRefundNotice } from '../refunds/refund-settle.service';
import { endAgreementByVendor, recordAgreementSigned, recurringRequestOf } from './agreements.service';
import { closeOrder, markCancelled } from './close-order.service';
import { gatewayOf, gatewaysOfProvider, notifyUrlOf, type PaymentContext } from './payment-context';
import { paymentOfPaidTrade, settlePayment } from './settle-payment.service';

/** What a membership or pack order reads as on the wallet and in lists: DSO 个人版 12个月. */
export async function orderTitle(
  context: Pick<PaymentContext, 'db'>,
  order: Pick<OrderRow, 'kind' | 'packageId' | 'grade' | 'day' | 'cycle'>,
): Promise<string> {
  if (order.kind === 'pack') return packTitle(context.db, order.packageId);
  const grade = gradeNames[normalizeGrade(order.grade)];
  return `${grade} ${planLengthLabel(order.day ?? 30, order.cycle)}`;
}

/** An order the caller may pay now, or the refusal the pay box shows. */
async function payableOrder(context: PaymentContext, orderId: string, userId: number | null, now: Date) {
  const order = await findOrder(context.db, orderId);
  if (!order || (userId !== null && order.userId !== userId)) throw AppError.toast(orderMessages.orderNotFound);
  if (order.status !== 'pending' || order.expiresAt <= now || order.payMoneyFen <= 0) {
    throw AppError.toast(orderMessages.orderNotPending);
  }
  if (await couponSpentElsewhere(context, order)) throw AppError.toast(orderMessages.couponSpent);
  return order;
}

/** The order's price counted a coupon that another, paid order has spent since. */
function couponSpentElsewhere(context: Pick<PaymentContext, 'db'>, order: OrderRow) {
  return order.userCouponId ? isCouponSpentElsewhere(context.db, order.userCouponId, order.id) : false;
}

async function paymentRequest(context: PaymentContext, order: OrderRow, channel: PayChannel) {
  return {
    outTradeNo: order.id,
    amountFen: order.payMoneyFen,
    subject: `DSO ${await orderTitle(context, order)}`,
    expiresAt: order.expiresAt,
    notifyUrl: notifyUrlOf(context, gatewayOf(context, channel)),
  };
}

/** A vendor refusal becomes 订单创建失败,请稍后重试 for the user and a warning in the log. */
function vendorFailure(context: PaymentContext, order: OrderRow, error: unknown): never {
  if (error instanceof PaymentVendorError) {
    context.log.warn({ orderId: order.id, vendorCode: error.vendorCode }, 'payment vendor refused the trade');
    throw AppError.toast(orderMessages.orderFailed);
  }
  throw error;
}

/** `order/wx_order` (and `wx_order_c` for packs): the WeChat Pay QR of an order (001 §4 step 2). */
export async function createWechatQr(context: PaymentContext, userId: number, orderId: string, now: Date) {
  const order = await payableOrder(context, orderId, userId, now);
  if (order.cycle) throw AppError.toast(orderMessages.cycleAlipayOnly);
  if (order.channel === 'wechat' && order.qrText) return { code_url: order.qrText };
  const gateway = gatewayOf(context, 'wechat');
  const qr = await gateway
    .createQr(await paymentRequest(context, order, 'wechat'))
    .catch((error: unknown) => vendorFailure(context, order, error));
  await updateOrder(context.db, order.id, { channel: 'wechat', provider: gateway.provider, qrText: qr.qrText });
  return { code_url: qr.qrText };
}

/**
 * The Alipay pay page the Alipay QR encodes (opened by the payer's phone): the trade is created at
 * Alipay (for a continuous plan, with the 周期扣款 agreement) and the phone goes on to Alipay's QR
 * address. Answers where to send the phone.
 */
export async function alipayTarget(context: PaymentContext, orderId: string, now: Date): Promise<string> {
  const order = await payableOrder(context, orderId, null, now);
  const gateway = context.providers.payment.alipay;
  const request = await paymentRequest(context, order, 'alipay');
  const qr = order.cycle
    ? await gateway.createSigningQr(await recurringRequestOf(context, order, request))
    : await gateway.createQr(request);
  await updateOrder(context.db, order.id, { channel: 'alipay', provider: gateway.provider });
  return qr.qrText;
}

/** Pending orders are asked of the vendor at most this often by one instance (notifications can be lost). */
const QUERY_AFTER_MS = 30_000;
const QUERY_EVERY_MS = 15_000;
const lastQueried = new Map<string, number>();

/**
 * `pay_result` (001 §4 step 3): true once paid, CANCEL when cancelled at the cashier, CLOSED once the
 * order can no longer be paid, else false. A pending order is one indexed read; past its validity it
 * is closed (at the vendor first, which may find it paid after all); a pending order older than 30 s
 * is queried at the vendor every 15 s in case a notification was lost.
 */
export async function payResult(
  context: PaymentContext,
  userId: number,
  orderId: string,
  now: Date,
): Promise<PayResult> {
  const order = await findOrder(context.db, orderId);
  if (!order || order.userId !== userId) throw AppError.toast(orderMessages.orderNotFound);
  if (order.status === 'paid') return true;
  if (order.status === 'cancelled') return 'CANCEL';
  if (order.status !== 'pending') return 'CLOSED';
  // Past its 900 s, or priced with a coupon another order has spent since: the QR stops here (a
  // payment already made at the vendor is still found and applied by the close).
  if (order.expiresAt <= now || (await couponSpentElsewhere(context, order))) {
    return (await closeOrder(context, order, now)) === 'paid' ? true : 'CLOSED';
  }
  if (order.channel && now.getTime() - order.createdAt.getTime() > QUERY_AFTER_MS) {
    const last = lastQueried.get(order.id) ?? 0;
    if (now.getTime() - last > QUERY_EVERY_MS) {
      lastQueried.set(order.id, now.getTime());
      if (lastQueried.size > 10_000) lastQueried.clear();
      // Asked in the background: the poll answers at once and the next one (2 s later) sees the result,
      // so a slow vendor never slows the polling.
      void queryAndApply(context, order, now).catch((error: unknown) =>
        context.log.warn({ orderId: order.id, error: String(error) }, 'payment query failed'),
      );
    }
  }
  return false;
}

/** Asks the order's channel whether it was paid, and applies it if so. */
export async function queryAndApply(context: PaymentContext, order: OrderRow, now: Date): Promise<boolean> {
  const gateway = gatewayOf(context, (order.channel as PayChannel | null) ?? 'alipay');
  const state = await gateway.queryTrade(order.id).catch((error: unknown) => {
    context.log.warn({ orderId: order.id, error: String(error) }, 'payment query failed');
    return null;
  });
  if (state?.state !== 'paid') return false;
  const outcome = await settlePayment(context, paymentOfPaidTrade(order.id, state, gateway.provider), now);
  return outcome === 'applied' || outcome === 'duplicate';
}

/** `order/pay_free`: an order whose coupon and deduction leave 0 fen is granted without a vendor. */
export async function payFree(context: PaymentContext, userId: number, orderId: string, now: Date) {
  const order = await findOrder(context.db, orderId);
  if (!order || order.userId !== userId) throw AppError.toast(orderMessages.orderNotFound);
  if (order.payMoneyFen !== 0 || order.cycle) throw AppError.toast(orderMessages.orderNotPending);
  if (order.status !== 'paid' && (order.status !== 'pending' || order.expiresAt <= now)) {
    throw AppError.toast(orderMessages.orderNotPending);
  }
  await settlePayment(
    context,
    { orderId, amountFen: 0, vendorTradeNo: `FREE${orderId}`, paidAt: now, provider: 'none', source: 'free' },
    now,
  );
  return true;
}

/**
 * A vendor notification at a provider's callback path: verified by the gateway, then applied once.
 * Authentic notifications are answered as handled whatever they did (a mismatched amount is refused
 * and recorded, not retried forever); forged ones are logged and answered as failed.
 */
export async function handleNotification(
  context: PaymentContext,
  provider: string,
  callback: PaymentCallback,
  now: Date,
) {
  const gateways = gatewaysOfProvider(context, provider);
  const gateway = gateways[0];
  if (!gateway) return null;
  let notice = await gateway.readNotify(callback);
  // The sandbox serves both channels with one secret; a vendor serving two channels would too.
  for (const other of gateways.slice(1)) {
    if (notice.kind !== 'forged') break;
    notice = await other.readNotify(callback);
  }
  switch (notice.kind) {
    case 'forged':
      context.log.warn({ provider, reason: notice.reason }, 'forged payment notification refused');
      await insertPaymentEvent(context.db, {
        provider,
        source: 'notify',
        outcome: 'forged',
        detail: notice.reason.slice(0, 200),
      });
      return gateway.notifyAnswer(false);
    case 'paid': {
      const outcome = await settlePayment(
        context,
        {
          orderId: notice.outTradeNo,
          amountFen: notice.amountFen,
          vendorTradeNo: notice.vendorTradeNo,
          paidAt: notice.paidAt,
          provider,
          source: 'notify',
          ...(notice.agreementNo ? { agreementNo: notice.agreementNo } : {}),
        },
        now,
      );
      if (outcome === 'amount_mismatch' || outcome === 'unknown_order' || outcome === 'refund_due') {
        context.log.warn({ provider, orderId: notice.outTradeNo, outcome }, 'payment notification not granted');
      }
      return gateway.notifyAnswer(true);
    }
    case 'cancelled':
      await markCancelled(context, notice.outTradeNo, now);
      return gateway.notifyAnswer(true);
    case 'agreement':
      if (notice.status === 'ended') await endAgreementByVendor(context, notice.agreementNo, now);
      else await recordAgreementSigned(context, notice.externalAgreementNo, notice.agreementNo);
      return gateway.notifyAnswer(true);
    case 'refund':
      await applyRefundNotice(context, provider, notice, now);
      return gateway.notifyAnswer(true);
    default:
      await insertPaymentEvent(context.db, {
        orderId: notice.outTradeNo?.slice(0, 64) ?? null,
        provider,
        source: 'notify',
        outcome: 'ignored',
        detail: notice.reason.slice(0, 200),
      });
      return gateway.notifyAnswer(true);
  }
}
