import type { ConsoleRefund, ConsoleRefundList } from '@dso/contract';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import { findAccountPhones } from '../../account';
import * as repository from './refunds.repository';
import { channelOf } from './refunds.service';

/** The console's 待退款 list: payments kept for refund and where their refunds stand. */

/** The payments due back with their refunds (latest 500), and what is still to give back. */
export async function listRefundsDue(db: Database): Promise<ConsoleRefundList> {
  const rows = await repository.selectRefundsDue(db);
  const phones = await findAccountPhones(
    db,
    rows.map((row) => row.userId),
  );
  const list = rows.map((row): ConsoleRefund => {
    const refund = row.refund;
    const channel = refund?.channel ?? channelOf(row.provider, row.orderChannel);
    return {
      payment_id: row.paymentId,
      order_id: row.orderId,
      user_id: row.userId,
      phone: phones.get(row.userId) ?? null,
      provider: row.provider,
      channel: channel === 'alipay' || channel === 'wechat' ? channel : null,
      vendor_trade_no: row.vendorTradeNo,
      amount: row.amountFen ?? 0,
      paid_time: unixSeconds(row.firstAt),
      // An order still paid was paid by another trade; otherwise it had closed before the money came.
      due_reason: row.orderStatus === 'paid' ? 'paid_twice' : 'closed',
      status: refund?.status ?? 'due',
      out_refund_no: refund?.outRefundNo ?? null,
      vendor_refund_id: refund?.vendorRefundId ?? null,
      staff_name: refund?.staffName ?? null,
      refund_reason: refund?.reason ?? null,
      vendor_error: refund?.vendorError ?? null,
      request_time: unixSeconds(refund?.requestedAt ?? null),
      finish_time: unixSeconds(refund?.finishedAt ?? null),
      notify_time: unixSeconds(refund?.notifiedAt ?? null),
    };
  });
  const open = list.filter((row) => row.status === 'due' || row.status === 'failed');
  return {
    list,
    open_count: open.length,
    open_amount: open.reduce((sum, row) => sum + row.amount, 0),
  };
}
