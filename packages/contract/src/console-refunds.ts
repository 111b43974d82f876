import { z } from 'zod';
import { consoleActionResultSchema, consoleReasonSchema } from './console';
import { consoleChannelSchema } from './console-orders';
import { unixSecondsSchema } from './shapes';

/*
 * The operator's console (docs/console.md), 退款: the payments due back (late and double payments), refunded through the vendor or by hand.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not. Instants are Unix seconds; money is integer fen.
 */

/** Messages of the refund calls. */
export const consoleRefundMessages = {
  paymentInvalid: '款项编号须为正整数',
  paymentNotFound: '该笔款项不在待退款列表中',
  refunded: '已退款',
  processing: '退款处理中，请稍后刷新',
  alreadyRefunded: '该笔款项已退款，无需再退',
  inFlight: '该笔款项正在退款中，请稍后刷新',
  byHand: '该笔款项已标记为线下退款',
  markedByHand: '已标记为线下退款',
  noGateway: '该款项的支付渠道未接入，请线下退款后标记已退款',
  noTradeNo: '该款项缺少支付渠道交易号，请线下退款后标记已退款',
  vendorUnreachable: '支付渠道暂时无法受理，请稍后重试',
  vendorRefused: '支付渠道拒绝退款',
  vendorUnknown: '暂时无法向支付渠道确认退款状态，请稍后重试',
} as const;

/** Why a payment is due back: it reached an order already closed, or paid an order a second time. */
export const consoleRefundDueReasons = { closed: '订单已关闭后到账', paid_twice: '重复支付' } as const;
export type ConsoleRefundDueReason = keyof typeof consoleRefundDueReasons;

/**
 * Where a payment due back stands: `due` nobody has refunded it; `processing` asked of the vendor;
 * `success` given back by the vendor; `failed` refused by the vendor or not reached (may be tried again);
 * `by_hand` given back outside the vendor and marked so by staff.
 */
export const consoleRefundStatusLabels = {
  due: '待退款',
  processing: '退款中',
  success: '已退款',
  failed: '退款失败',
  by_hand: '已线下退款',
} as const;
export type ConsoleRefundStatus = keyof typeof consoleRefundStatusLabels;
const statusSchema = z.enum(Object.keys(consoleRefundStatusLabels) as [ConsoleRefundStatus, ...ConsoleRefundStatus[]]);

/** One payment due back (`GET list`, newest first, at most 500), with its refund when one was asked for. */
export const consoleRefundSchema = z.object({
  /** The payment's id: what the refund calls name. */
  payment_id: z.number().int(),
  order_id: z.string(),
  user_id: z.number().int(),
  phone: z.string().nullable(),
  /** Who took the money: sandbox, alipay or wechatpay. */
  provider: z.string(),
  /** The channel the money came through: alipay or wechat (null when unknown). */
  channel: consoleChannelSchema.nullable(),
  vendor_trade_no: z.string().nullable(),
  /** Fen. */
  amount: z.number().int(),
  /** When the money was first reported. */
  paid_time: unixSecondsSchema,
  due_reason: z.enum(Object.keys(consoleRefundDueReasons) as [ConsoleRefundDueReason, ...ConsoleRefundDueReason[]]),
  status: statusSchema,
  /** Our refund id at the vendor, once asked. */
  out_refund_no: z.string().nullable(),
  vendor_refund_id: z.string().nullable(),
  /** The staff member who asked last, and why. */
  staff_name: z.string().nullable(),
  refund_reason: z.string().nullable(),
  /** The vendor's words when it refused or could not be asked. */
  vendor_error: z.string().nullable(),
  request_time: unixSecondsSchema.nullable(),
  finish_time: unixSecondsSchema.nullable(),
  /** When the vendor's refund notification was applied. */
  notify_time: unixSecondsSchema.nullable(),
});
export type ConsoleRefund = z.infer<typeof consoleRefundSchema>;

/** `GET list`: the payments due back and what is still to give back (`due` and `failed`), in fen. */
export const consoleRefundListSchema = z.object({
  list: z.array(consoleRefundSchema),
  open_count: z.number().int(),
  open_amount: z.number().int(),
});
export type ConsoleRefundList = z.infer<typeof consoleRefundListSchema>;

const paymentIdSchema = z
  .number({ error: consoleRefundMessages.paymentInvalid })
  .int(consoleRefundMessages.paymentInvalid)
  .min(1, consoleRefundMessages.paymentInvalid)
  .max(Number.MAX_SAFE_INTEGER, consoleRefundMessages.paymentInvalid);

/**
 * `POST refund` (原路退款) and `POST refund_by_hand` (标记已退款): the payment and why. A payment is
 * refunded once: a repeated or concurrent request answers where its refund stands instead.
 */
export const consoleRefundBodySchema = z.object({ payment_id: paymentIdSchema, reason: consoleReasonSchema });
export type ConsoleRefundBody = z.input<typeof consoleRefundBodySchema>;

/** What a refund call answers: the audit entry it wrote and where the refund stands now. */
export const consoleRefundResultSchema = consoleActionResultSchema.extend({ status: statusSchema });
export type ConsoleRefundResult = z.infer<typeof consoleRefundResultSchema>;

/** Paths of this page's calls. */
export const ConsoleRefundPath = {
  list: '/api/console/refunds',
  refund: '/api/console/refunds/refund',
  refundByHand: '/api/console/refunds/refund_by_hand',
} as const;
