import { shanghaiDay } from '@dso/domain';
import { z } from 'zod';
import { consoleReasonSchema } from './console';
import { calendarDaySchema, pageNoSchema } from './input';
import { orderStatusSchema } from './orders';
import { totalListSchema, unixSecondsSchema } from './shapes';

/*
 * The operator's console (docs/console.md), 订单与收款: orders with filters and totals, agreements in force, reconciliation of a day.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not. Instants are Unix seconds; money is integer fen.
 */

/** Messages of the orders page's calls and forms. */
export const consoleOrderMessages = {
  channelInvalid: '支付渠道不存在',
  kindInvalid: '订单类型不存在',
  planInvalid: '套餐不存在',
  statusInvalid: '订单状态不存在',
  queryTooLong: '手机号或订单号不正确',
  rangeReversed: '开始日期不能晚于结束日期',
  dayRequired: '请选择对账日期',
  dayInFuture: '对账日期不能晚于今天',
  orderIdInvalid: '订单号不正确',
  nothingToApply: '没有需要补记的支付',
} as const;

const m = consoleOrderMessages;

/** Orders a page of the list holds. */
export const CONSOLE_ORDERS_PAGE_SIZE = 20;

/** The payment channels, as orders store them. */
export const consoleChannelSchema = z.enum(['alipay', 'wechat'], { error: m.channelInvalid });
export type ConsoleChannel = z.infer<typeof consoleChannelSchema>;

/** What an order buys: a membership plan or a count pack. */
export const consoleOrderKindSchema = z.enum(['membership', 'pack'], { error: m.kindInvalid });

/**
 * A plan as orders are grouped by it: `VIP-365` (grade and days), `VIP-cycle` (the grade's 连续包月)
 * or `pack-3` (count pack 3). The totals by plan answer these keys, so a row of them filters the list.
 */
export const CONSOLE_PLAN_KEY = /^(?:(?:VIP|SVIP|EVIP)-(?:[1-9]\d{0,3}|cycle)|pack-[1-9]\d{0,8})$/;
export const consolePlanKeySchema = z.string({ error: m.planInvalid }).regex(CONSOLE_PLAN_KEY, m.planInvalid);

const statusSchema = z.enum(orderStatusSchema.options, { error: m.statusInvalid });

/**
 * `GET /api/console/orders`: orders anyone tried to pay (a QR was asked for, or paid), newest first,
 * 20 a page, with the totals of everything the filters match. `from`/`to` are Asia/Shanghai days the
 * order was created on, both included; `q` is a member's phone or an order number.
 */
export const consoleOrdersQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    channel: consoleChannelSchema.optional(),
    kind: consoleOrderKindSchema.optional(),
    plan: consolePlanKeySchema.optional(),
    status: statusSchema.optional(),
    q: z.string().trim().max(64, m.queryTooLong).optional(),
    page_no: pageNoSchema,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: m.rangeReversed, path: ['to'] });
export type ConsoleOrdersQuery = z.input<typeof consoleOrdersQuerySchema>;

/** One order as the console lists it. */
export const consoleOrderRowSchema = z.object({
  order_id: z.string(),
  user_id: z.number().int(),
  /** The member's phone; null once the account is gone. */
  phone: z.string().nullable(),
  kind: consoleOrderKindSchema,
  plan: z.string(),
  /** The plan as the product names it (个人版 12个月, 批量提取文案次数包 100次). */
  plan_name: z.string(),
  price_fen: z.number().int(),
  coupon_fen: z.number().int(),
  /** The rest of the running membership deducted on an upgrade. */
  dis_price_fen: z.number().int(),
  pay_fen: z.number().int(),
  status: orderStatusSchema,
  channel: consoleChannelSchema.nullable(),
  create_time: unixSecondsSchema,
  pay_time: unixSecondsSchema.nullable(),
  vendor_trade_no: z.string().nullable(),
});
export type ConsoleOrderRow = z.infer<typeof consoleOrderRowSchema>;

/** Paid orders of a group: how many, and the fen they paid. */
const paidFields = { orders: z.number().int(), paid_count: z.number().int(), paid_fen: z.number().int() };

export const consoleOrderTotalsSchema = z.object({
  /** Everything the filters match. */
  all: z.object(paidFields),
  /** By Asia/Shanghai day of creation, newest first (at most 366 days). */
  by_day: z.array(z.object({ day: z.string(), ...paidFields })),
  by_channel: z.array(z.object({ channel: consoleChannelSchema.nullable(), ...paidFields })),
  by_plan: z.array(z.object({ plan: z.string(), plan_name: z.string(), ...paidFields })),
});
export type ConsoleOrderTotals = z.infer<typeof consoleOrderTotalsSchema>;

export const consoleOrdersPageSchema = totalListSchema(consoleOrderRowSchema).extend({
  totals: consoleOrderTotalsSchema,
});
export type ConsoleOrdersPage = z.infer<typeof consoleOrdersPageSchema>;

/** `GET /api/console/orders/plans`: every plan and count pack there is or was, to filter by. */
export const consolePlanChoiceSchema = z.object({ plan: z.string(), plan_name: z.string() });
export type ConsolePlanChoice = z.infer<typeof consolePlanChoiceSchema>;

// ——— Agreements ———

/** `GET /api/console/orders/agreements`: 连续包月 agreements in force or waiting to be unsigned, newest first. */
export const consoleAgreementsQuerySchema = z.object({ page_no: pageNoSchema });

export const consoleAgreementSchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  phone: z.string().nullable(),
  plan_name: z.string(),
  /** What each period charges. */
  cycle_fen: z.number().int(),
  /** The next charge's Asia/Shanghai day; null while it charges nothing. */
  next_charge_on: z.string().nullable(),
  /** When the first period was paid with the signing; null if it never was. */
  sign_time: unixSecondsSchema.nullable(),
  /** active: charges each period; ending: charges no more, waits to be unsigned at the vendor. */
  state: z.enum(['active', 'ending']),
});
export type ConsoleAgreement = z.infer<typeof consoleAgreementSchema>;
export const consoleAgreementsPageSchema = totalListSchema(consoleAgreementSchema);
export type ConsoleAgreementsPage = z.infer<typeof consoleAgreementsPageSchema>;

// ——— Reconciliation ———

const reconcileDaySchema = z
  .string({ error: m.dayRequired })
  .min(1, m.dayRequired)
  .pipe(calendarDaySchema)
  .refine((day) => day <= shanghaiDay(), m.dayInFuture);

/** `GET /api/console/orders/reconcile?day=`: the day's orders (Asia/Shanghai) against the vendors' query. */
export const consoleReconcileQuerySchema = z.object({ day: reconcileDaySchema });

/**
 * A difference between us and the vendor: `vendor_paid` the vendor took money we have not recorded
 * (the one kind the apply action settles); `we_paid` we say paid and the vendor does not;
 * `amount` both say paid, different amounts; `unknown` the vendor could not be asked.
 */
export const consoleMismatchKindSchema = z.enum(['vendor_paid', 'we_paid', 'amount', 'unknown']);
export type ConsoleMismatchKind = z.infer<typeof consoleMismatchKindSchema>;

export const consoleMismatchSchema = z.object({
  order_id: z.string(),
  kind: consoleMismatchKindSchema,
  channel: consoleChannelSchema.nullable(),
  our_status: orderStatusSchema,
  our_fen: z.number().int(),
  /** paid, pending, closed, not_exist, refunded, or null when it could not be asked. */
  vendor_state: z.string().nullable(),
  vendor_fen: z.number().int().nullable(),
  vendor_trade_no: z.string().nullable(),
});
export type ConsoleMismatch = z.infer<typeof consoleMismatchSchema>;

/** How many orders of one day a reconciliation asks the vendors about at most (the oldest first). */
export const CONSOLE_RECONCILE_ORDERS_MAX = 2000;

export const consoleReconcileSchema = z.object({
  day: z.string(),
  /** Orders of the day a QR was asked for (the ones a vendor may know). */
  checked: z.number().int(),
  /** The day had more such orders than CONSOLE_RECONCILE_ORDERS_MAX: the later ones were not asked. */
  capped: z.boolean(),
  matched: z.number().int(),
  mismatches: z.array(consoleMismatchSchema),
});
export type ConsoleReconcile = z.infer<typeof consoleReconcileSchema>;

/**
 * `POST /api/console/orders/reconcile/apply` (orders.act): records the payments the vendor took and we
 * missed (`vendor_paid`) of the day, or of one order of it, through the usual settle path, one audit
 * entry per order. An order already settled is left alone, so a second run applies nothing.
 */
export const consoleReconcileApplyBodySchema = z.object({
  day: reconcileDaySchema,
  order_id: z.string().trim().min(1, m.orderIdInvalid).max(64, m.orderIdInvalid).optional(),
  reason: consoleReasonSchema,
});
export type ConsoleReconcileApplyBody = z.input<typeof consoleReconcileApplyBodySchema>;

export const consoleReconcileAppliedSchema = z.object({
  order_id: z.string(),
  /** paid: granted as a payment; refund_due: the order had ended, the money waits to be refunded. */
  status: orderStatusSchema,
  audit_id: z.number().int(),
});
export const consoleReconcileApplyResultSchema = z.object({
  changed: z.number().int(),
  applied: z.array(consoleReconcileAppliedSchema),
});
export type ConsoleReconcileApplyResult = z.infer<typeof consoleReconcileApplyResultSchema>;

/** Paths of this page's calls. */
export const ConsoleOrderPath = {
  orders: '/api/console/orders',
  plans: '/api/console/orders/plans',
  agreements: '/api/console/orders/agreements',
  reconcile: '/api/console/orders/reconcile',
  reconcileApply: '/api/console/orders/reconcile/apply',
} as const;
