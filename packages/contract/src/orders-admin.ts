import { z } from 'zod';

/*
 * Operators' list of payments to refund (001 §3). Administrators only (`users.role_id` ≥ 100).
 * Plans, coupons, cards and packs moved to the console (console-marketing.ts). Amounts are integer fen,
 * instants Unix seconds, as everywhere in the orders API.
 */

// ——— Payments to refund ———

/**
 * A payment kept for refund (`GET /api/admin/orders/refunds`, newest first, at most 500): money that
 * reached a closed or cancelled order (`closed`) or a second trade for an order already paid
 * (`paid_twice`). Nothing was granted for it; operators give it back at the vendor.
 */
export const adminRefundSchema = z.object({
  order_id: z.string(),
  user_id: z.number().int(),
  phone: z.string().nullable(),
  provider: z.string(),
  vendor_trade_no: z.string().nullable(),
  /** Fen. */
  amount: z.number().int().nullable(),
  reason: z.enum(['closed', 'paid_twice']),
  order_status: z.string(),
  /** When the payment was first reported (Unix seconds). */
  time: z.number().int(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundListSchema = z.array(adminRefundSchema);

/** Paths of the operators' calls. */
export const OrderAdminPath = {
  refunds: '/api/admin/orders/refunds',
} as const;
