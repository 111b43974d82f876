import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, rowId } from './columns';

/*
 * Refunds of payments kept for refund (late money for a closed order, a second payment of a paid one;
 * docs/console.md "Refunds"). Owned by the orders feature, which changes them only in its transactions.
 */

/** A refund's state: asked of the vendor, settled there, refused there, or given back outside the vendor. */
export const refundStatuses = ['processing', 'success', 'failed', 'by_hand'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * One refund per payment kept for refund (its first `refund_due` payment event; one per order and trade):
 * claimed by inserting this row, so a double click or two staff at once refund once. `out_refund_no` is
 * derived from the payment event, so every try asks the vendor with the same id.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: rowId(),
    paymentEventId: bigint('payment_event_id', { mode: 'number' }).notNull(),
    /** Our id for the refund at the vendor (Alipay `out_request_no`, WeChat Pay `out_refund_no`). */
    outRefundNo: text('out_refund_no').notNull(),
    orderId: text('order_id').notNull(),
    /** sandbox, alipay or wechatpay: who took the money. */
    provider: text('provider').notNull(),
    /** alipay or wechat: the gateway asked. */
    channel: text('channel').notNull(),
    vendorTradeNo: text('vendor_trade_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    vendorRefundId: text('vendor_refund_id'),
    /** The staff member's reason (also the line the payer sees with a vendor refund). */
    reason: text('reason').notNull(),
    /** Who asked last: a staff member's id (null for the command line) and name at the time. */
    staffId: integer('staff_id'),
    staffName: text('staff_name').notNull(),
    /** The vendor's words when it refused or could not be asked; null once settled. */
    vendorError: text('vendor_error'),
    createdAt: createdAt(),
    /** When the latest try was sent (the maintenance job settles a `processing` one a while after). */
    requestedAt: at('requested_at').notNull().defaultNow(),
    /** When the money went back (or was marked given back by hand). */
    finishedAt: at('finished_at'),
    /** When the vendor's refund notification was applied. */
    notifiedAt: at('notified_at'),
  },
  (table) => [
    uniqueIndex('refunds_payment_event_idx').on(table.paymentEventId),
    uniqueIndex('refunds_out_refund_no_idx').on(table.outRefundNo),
    uniqueIndex('refunds_trade_idx').on(table.orderId, table.provider, table.vendorTradeNo),
    index('refunds_status_idx').on(table.status, table.requestedAt),
  ],
);
