import { Code, type ConsoleRefundStatus, consoleRefundMessages as m } from '@dso/contract';
import type { Database } from '../../../db/client';
import type { RefundStatus } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import {
  type PayChannel,
  type PaymentGateway,
  PaymentVendorError,
  type RefundGateway,
  type RefundState,
} from '../../../providers/payment/index';
import { findOrder } from '../orders.repository';
import { notifyUrlOf, type PaymentContext } from '../payments/payment-context';
import * as repository from './refunds.repository';

/*
 * Giving back payments kept for refund (docs/console.md "Refunds"): late money for a closed order and a
 * second payment of a paid one. A payment is refunded once: its refund row is claimed first under the
 * payment's unique key, so a double click or two staff at once find it claimed; every try asks the vendor
 * with the same out_refund_no, so the vendor refunds it once however often it is asked.
 */

export type RefundRow = repository.RefundRow;

/** Who asks: a staff member (null id for the command line) and their name at the time. */
export interface RefundStaff {
  id: number | null;
  name: string;
}

/** A refund's change: the row before (null when first asked) and after. */
export interface RefundChange {
  paymentId: number;
  orderId: string;
  before: RefundRow | null;
  after: RefundRow;
}

/**
 * Called inside the transaction that changes the refund, with the change; answers the id of what it
 * recorded (the console writes its audit entry here, so the change and its entry commit together).
 */
export type RefundRecorder = (tx: Database, change: RefundChange) => Promise<number>;

export interface RefundOptions {
  paymentId: number;
  reason: string;
  staff: RefundStaff;
  now: Date;
  record: RefundRecorder;
}

/** What a refund call did: where the refund stands, and what the recorder answered. */
export interface RefundOutcome {
  status: ConsoleRefundStatus;
  recordId: number;
}

/** Our refund id at the vendor, from the payment's id: the same for every try (6–64 of [0-9A-Za-z]). */
export const outRefundNoOf = (paymentEventId: number) => `RF${String(paymentEventId).padStart(10, '0')}`;

const claimedMessages: Record<RefundStatus, string> = {
  processing: m.inFlight,
  success: m.alreadyRefunded,
  by_hand: m.byHand,
  failed: m.inFlight,
};

const toast = (message: string) => AppError.toast(message);

/** The channel a payment came through: its vendor's, or for the sandbox (both channels) the order's last one. */
export function channelOf(provider: string, orderChannel: string | null): PayChannel | null {
  if (provider === 'alipay') return 'alipay';
  if (provider === 'wechatpay') return 'wechat';
  return orderChannel === 'alipay' || orderChannel === 'wechat' ? orderChannel : null;
}

/** The gateway that took a payment: its provider's, on the order's channel when it serves both. */
function refundGatewayOf(
  context: PaymentContext,
  provider: string,
  channel: string | null,
): (PaymentGateway & RefundGateway) | null {
  const { alipay, wechat } = context.providers.payment;
  const serving = [alipay, wechat].filter((gateway) => gateway.provider === provider);
  return serving.find((gateway) => gateway.channel === channel) ?? serving[0] ?? null;
}

async function duePayment(db: Database, paymentId: number) {
  const payment = await repository.findRefundDuePayment(db, paymentId);
  if (!payment?.orderId || !payment.amountFen) throw new AppError(Code.NOT_FOUND, m.paymentNotFound);
  return { ...payment, orderId: payment.orderId, amountFen: payment.amountFen };
}

/**
 * 原路退款: gives a payment kept for refund back through the vendor that took it.
 * 1. In one transaction the refund row is claimed: inserted as `processing`, or a `failed` one taken
 *    back to `processing`; any other state answers where it stands (nothing is asked twice).
 * 2. The vendor is asked with the payment's out_refund_no.
 * 3. In one transaction its answer is written (success, processing, or failed with its words; a vendor
 *    that could not be asked leaves it `failed`, to be tried again with the same id) with the record.
 * A vendor refusal answers 300 with its words after recording it.
 */
export async function refundDuePayment(context: PaymentContext, options: RefundOptions): Promise<RefundOutcome> {
  const { claimed, before, gateway } = await claimRefund(context, options);
  let answer: RefundState;
  let unreachable = false;
  try {
    answer = await gateway.refund({
      outTradeNo: claimed.orderId,
      vendorTradeNo: claimed.vendorTradeNo,
      outRefundNo: claimed.outRefundNo,
      refundFen: claimed.amountFen,
      totalFen: claimed.amountFen,
      reason: options.reason,
      notifyUrl: notifyUrlOf(context, gateway),
    });
  } catch (error) {
    unreachable = true;
    const words = error instanceof PaymentVendorError ? error.message : String(error);
    context.log.warn({ outRefundNo: claimed.outRefundNo, error: words }, 'refund request failed');
    answer = { state: 'failed', reason: words.slice(0, 200) };
  }
  const after = await context.db.transaction(async (tx) => {
    const row = await repository.lockRefundOfPayment(tx, claimed.paymentEventId);
    if (!row) throw new Error(`Refund ${claimed.outRefundNo} vanished`);
    // A notification may have settled it while we waited for the answer: it stands.
    const settled = row.status === 'processing' ? await repository.updateRefund(tx, row.id, valuesOf(answer)) : row;
    const recordId = await options.record(tx, {
      paymentId: options.paymentId,
      orderId: row.orderId,
      before,
      after: settled,
    });
    return { row: settled, recordId };
  });
  if (after.row.status === 'failed') {
    throw toast(unreachable ? m.vendorUnreachable : `${m.vendorRefused}：${after.row.vendorError ?? ''}`);
  }
  return { status: after.row.status, recordId: after.recordId };
}

/** The refund row's values for a vendor's answer. */
export function valuesOf(answer: RefundState): Partial<repository.NewRefund> {
  switch (answer.state) {
    case 'success':
      return {
        status: 'success',
        vendorRefundId: answer.vendorRefundId,
        finishedAt: answer.refundedAt,
        vendorError: null,
      };
    case 'processing':
      return { status: 'processing', vendorRefundId: answer.vendorRefundId, vendorError: null };
    case 'failed':
      return { status: 'failed', vendorError: answer.reason.slice(0, 200) };
    case 'not_exist':
      return { status: 'failed', vendorError: '支付渠道无此退款' };
  }
}

async function claimRefund(context: PaymentContext, options: RefundOptions) {
  return context.db.transaction(async (tx) => {
    const payment = await duePayment(tx, options.paymentId);
    const orderChannel = (await findOrder(tx, payment.orderId))?.channel ?? null;
    const gateway = refundGatewayOf(context, payment.provider, orderChannel);
    if (!gateway) throw toast(m.noGateway);
    if (!payment.vendorTradeNo) throw toast(m.noTradeNo);
    const asked = {
      status: 'processing' as const,
      reason: options.reason,
      staffId: options.staff.id,
      staffName: options.staff.name,
      requestedAt: options.now,
      vendorError: null,
    };
    const inserted = await repository.insertRefund(tx, {
      ...asked,
      paymentEventId: payment.id,
      outRefundNo: outRefundNoOf(payment.id),
      orderId: payment.orderId,
      provider: payment.provider,
      channel: gateway.channel,
      vendorTradeNo: payment.vendorTradeNo,
      amountFen: payment.amountFen,
    });
    if (inserted) return { claimed: inserted, before: null, gateway };
    const existing = await repository.lockRefundOfPayment(tx, payment.id);
    if (!existing) throw toast(m.inFlight);
    if (existing.status !== 'failed') throw toast(claimedMessages[existing.status]);
    const claimed = await repository.updateRefund(tx, existing.id, asked);
    return { claimed, before: existing, gateway };
  });
}

/**
 * 标记已退款: records a payment as given back outside the vendor (a bank transfer), with no vendor call.
 * Not for one refunded, or being refunded, through the vendor: a `failed` refund is asked of the vendor
 * first, since a try that never answered may have reached it after all.
 */
export async function markRefundedByHand(context: PaymentContext, options: RefundOptions): Promise<RefundOutcome> {
  const payment = await duePayment(context.db, options.paymentId);
  const known = await repository.findRefundOfPayment(context.db, payment.id);
  if (known?.status === 'failed') await confirmNotRefunded(context, known);
  return context.db.transaction(async (tx) => {
    const values = {
      status: 'by_hand' as const,
      reason: options.reason,
      staffId: options.staff.id,
      staffName: options.staff.name,
      requestedAt: options.now,
      finishedAt: options.now,
    };
    const inserted = await repository.insertRefund(tx, {
      ...values,
      paymentEventId: payment.id,
      outRefundNo: outRefundNoOf(payment.id),
      orderId: payment.orderId,
      provider: payment.provider,
      channel: channelOf(payment.provider, (await findOrder(tx, payment.orderId))?.channel ?? null) ?? 'alipay',
      vendorTradeNo: payment.vendorTradeNo ?? '',
      amountFen: payment.amountFen,
    });
    let before: RefundRow | null = null;
    let after = inserted;
    if (!after) {
      const existing = await repository.lockRefundOfPayment(tx, payment.id);
      if (existing?.status !== 'failed') throw toast(claimedMessages[existing?.status ?? 'processing']);
      before = existing;
      after = await repository.updateRefund(tx, existing.id, values);
    }
    const recordId = await options.record(tx, {
      paymentId: options.paymentId,
      orderId: payment.orderId,
      before,
      after,
    });
    return { status: 'by_hand' as const, recordId };
  });
}

/** Refuses to mark by hand a refund the vendor made (or is making) after all; records what it says. */
async function confirmNotRefunded(context: PaymentContext, refund: RefundRow) {
  const gateway = refundGatewayOf(context, refund.provider, refund.channel as PayChannel);
  if (!gateway || !refund.vendorTradeNo) return;
  const state = await gateway
    .queryRefund({ outTradeNo: refund.orderId, outRefundNo: refund.outRefundNo })
    .catch((error: unknown) => {
      context.log.warn({ outRefundNo: refund.outRefundNo, error: String(error) }, 'refund query failed');
      throw toast(m.vendorUnknown);
    });
  if (state.state !== 'success' && state.state !== 'processing') return;
  await settleFromVendor(context.db, refund.id, state);
  throw toast(state.state === 'success' ? m.alreadyRefunded : m.inFlight);
}

/** Writes what the vendor says of a refund still open (processing or failed); a settled one stands. */
export async function settleFromVendor(db: Database, refundId: number, state: RefundState) {
  await db.transaction(async (tx) => {
    const row = await repository.lockRefundById(tx, refundId);
    if (!row || (row.status !== 'processing' && row.status !== 'failed')) return;
    await repository.updateRefund(tx, row.id, valuesOf(state));
  });
}
