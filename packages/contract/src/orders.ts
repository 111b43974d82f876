import { accountMessages, cardCodeLimits } from '@dso/domain';
import { z } from 'zod';
import { booleanishSchema, int32Schema } from './input';
import { pageFields, pageSizeUpTo, requiredTextSchema } from './shapes';
import { gradeCodeSchema } from './user';

/*
 * Membership purchase (001 §2–§5, §7, §9): plans, the order preview, paying by QR, coupons, cards,
 * usage-count packs, orders and invoices. Every amount on the wire is integer fen (the spec's count
 * packs say so; plans follow the same unit so one rule holds everywhere); the UI divides by 100.
 * Instants are Unix seconds.
 */

/** The tiers the pay box sells. */
export const payGradeSchema = z.enum(['VIP', 'SVIP', 'EVIP'], { message: '会员版本不存在' });
export type PayGradeCode = z.infer<typeof payGradeSchema>;

/** Pay modes (001 §4): AliPay is the default; continuous monthly plans allow only AliPay. */
export const payModeSchema = z.enum(['AliPay', 'WxPay'], { message: '支付方式不存在' });
export type PayMode = z.infer<typeof payModeSchema>;

const fen = z.number().int();
const seconds = z.number().int();

/** A team-size option of a plan (`dso_grade_config_list_bean_list`): `count` members for `price` fen more. */
export const planTeamOptionSchema = z.object({ id: z.number().int(), count: z.number().int(), price: fen });

/** A plan's points activity (`all_point_activity_bean`). */
export const pointActivitySchema = z.object({
  desc: z.string(),
  start_time: seconds,
  end_time: seconds,
  img_url: z.string(),
});

/** A pay combo (plan) item (001 §3). */
export const payPlanSchema = z.object({
  id: z.number().int(),
  grade_enum: gradeCodeSchema,
  /** 29 (the continuous monthly entry), 30, 90, 180, 365 … */
  day: z.number().int(),
  month: z.number().int(),
  price: fen,
  original_price: fen.nullable(),
  active_price: fen.nullable(),
  active_start_time: seconds.nullable(),
  active_end_time: seconds.nullable(),
  activity_price: fen.nullable(),
  activity_start_time: seconds.nullable(),
  activity_end_time: seconds.nullable(),
  new_user_price: fen.nullable(),
  /** True while an active or campaign price runs. */
  act: z.boolean(),
  has_cycle: z.boolean(),
  cycle_price: fen.nullable(),
  cycle_period: z.number().int().nullable(),
  discount: z.string(),
  dso_grade_config_list_bean_list: z.array(planTeamOptionSchema),
  all_point_activity_bean: pointActivitySchema.nullable(),
  /** What this plan costs the asking user now (the lowest running offer), before coupons and deductions. */
  current_price: fen,
  /** 首月 / 首季 / 首半年 / 首年 for a continuous plan's first period, else null. */
  first_label: z.string().nullable(),
  /**
   * The value left in the asking member's running membership that an upgrade to this grade deducts
   * (0 for visitors, FREE users and the member's own grade); a plan not above it is disabled (001 §5).
   */
  dis_price: fen,
});
export type PayPlan = z.infer<typeof payPlanSchema>;

/** `GET /api/order/get_grade_config`: plans by grade; a grade without plans is an empty list. */
export const gradeConfigSchema = z.partialRecord(gradeCodeSchema, z.array(payPlanSchema));
export type GradeConfig = z.infer<typeof gradeConfigSchema>;

const randTagSchema = requiredTextSchema('订单标识不能为空').max(64, '订单标识过长');

/** `POST /api/order/preview_order` (001 §7). */
export const previewOrderBodySchema = z.object({
  grade_enum: payGradeSchema,
  day: int32Schema().min(1, '套餐不存在'),
  /** The client's retry key: the same tag answers the same pending order. */
  rand_tag: randTagSchema,
  /** The continuous monthly plan (its preview counts 30 days, 001 §9). */
  cycle: booleanishSchema.optional().default(false),
  /** Asks for the first-period price of a continuous plan (the only period priced differently). */
  first: booleanishSchema.optional(),
  /** Sales attribution. */
  tag: z.string().trim().max(64, '参数过长').optional(),
  /** The team-size option (`dso_grade_config_list_bean_list[].id`). */
  grade_list_id: int32Schema().optional(),
  pe: payModeSchema.optional(),
  /** A held coupon to use; absent picks the best one, 0 uses none. */
  coupon_id: int32Schema().min(0).optional(),
});
export type PreviewOrderBody = z.input<typeof previewOrderBodySchema>;

/** The coupon an order uses. */
export const couponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  discount: fen,
  low_money: fen,
  start_time: seconds,
  end_time: seconds,
});
export type Coupon = z.infer<typeof couponSchema>;

/** Order info (001 §3) as the preview answers it. */
export const orderInfoSchema = z.object({
  order_id: z.string(),
  price: fen,
  cycle_price: fen.nullable(),
  /** The value left in the current membership, deducted when upgrading. */
  dis_price: fen,
  pay_money: fen,
  save_money: fen,
  /** The membership's end after paying (YYYY-MM-DD, Asia/Shanghai). */
  end_date: z.string(),
  month: z.number().int(),
  coupon: couponSchema.nullable(),
  /** When the QR stops being payable (900 s after the preview). */
  expire_time: seconds,
  first_label: z.string().nullable(),
  /**
   * The grade of the buyer's running 连续包月 that paying this order ends (it replaces that grade), or
   * null: the pay box says so before payment.
   */
  ends_cycle: gradeCodeSchema.nullable(),
});
export type OrderInfo = z.infer<typeof orderInfoSchema>;

const orderIdSchema = requiredTextSchema('订单号不能为空')
  .max(32, '订单不存在')
  .regex(/^[0-9A-Za-z]+$/, '订单不存在');

/** `GET /api/order/wx_order` and `wx_order_c` (count packs), `GET /api/pay_result`, `POST /api/order/pay_free`. */
export const orderIdQuerySchema = z.object({ orderId: orderIdSchema });
export type OrderIdQuery = z.infer<typeof orderIdQuerySchema>;

/** `GET /api/order/wx_order`: the WeChat Pay QR text. */
export const wechatOrderSchema = z.object({ code_url: z.string() });

/**
 * `GET /api/pay_result`: true once paid; false while waiting; CANCEL when the payer cancelled at the
 * cashier (您已取消支付); CLOSED when the order can no longer be paid.
 */
export const payResultSchema = z.union([z.boolean(), z.literal('CANCEL'), z.literal('CLOSED')]);
export type PayResult = z.infer<typeof payResultSchema>;

// ——— The sandbox cashier (development and test installations only) ———

/**
 * The web page the sandbox pay QR opens in place of Alipay's or WeChat Pay's cashier. It is a page of
 * the web app, not of the server, because it acts only for the order's owner and the web app is what
 * holds the session (the token travels as a header, never as a cookie).
 */
export const SANDBOX_CASHIER_PAGE = '/sandbox/cashier';

/** What the sandbox QR encodes: the cashier page of this installation for one trade. */
export function sandboxCashierPageUrl(origin: string, outTradeNo: string): string {
  return `${origin.replace(/\/+$/, '')}${SANDBOX_CASHIER_PAGE}?trade=${encodeURIComponent(outTradeNo)}`;
}

const tradeNoSchema = z.string().trim().max(64).default('');

/** `GET /api/order/sandbox_cashier?trade=`. */
export const sandboxCashierQuerySchema = z.object({ trade: tradeNoSchema });

/** `POST /api/order/sandbox_cashier`: the cashier's 支付 or 取消. */
export const sandboxCashierBodySchema = z.object({
  trade: tradeNoSchema,
  action: z.enum(['pay', 'cancel'], { message: '操作不存在' }),
});

/**
 * What the cashier shows: a trade waiting for payment (its channel names the page: 支付宝收银台 or
 * 微信支付收银台), one that can no longer be paid, or an order of another account.
 */
export const sandboxCashierViewSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('payable'),
    channel: z.enum(['alipay', 'wechat']),
    amount: fen,
    subject: z.string(),
    order_id: z.string(),
  }),
  z.object({ state: z.literal('unusable') }),
  z.object({ state: z.literal('not_owner') }),
]);
export type SandboxCashierView = z.infer<typeof sandboxCashierViewSchema>;

/** What pressing 支付 or 取消 did. */
export const sandboxCashierResultSchema = z.object({ state: z.enum(['paid', 'cancelled', 'unusable', 'not_owner']) });
export type SandboxCashierResult = z.infer<typeof sandboxCashierResultSchema>;

/** `GET /api/roll_list`: recent buyers, phones masked to the first 3 and last 4 digits. */
export const rollListSchema = z.object({ us: z.array(z.object({ phone: z.string(), vip_name: z.string() })) });

/** `GET /api/order/coupon_list`: the caller's coupons usable now. */
export const couponListSchema = z.array(couponSchema);

/**
 * `GET /api/order/cycle_info`: the caller's running 连续包月 (Alipay 周期扣款), or null. The next
 * period is charged through the agreement on `next_charge_date`; `order/cancel_cycle` ends it.
 */
export const cycleInfoSchema = z
  .object({
    grade: gradeCodeSchema,
    /** What each later period costs. */
    cycle_price: fen,
    period_days: z.number().int(),
    /** The Asia/Shanghai day of the next charge (YYYY-MM-DD). */
    next_charge_date: z.string().nullable(),
  })
  .nullable();
export type CycleInfo = z.infer<typeof cycleInfoSchema>;

/** `POST /api/order/cancel_cycle`: how many agreements were ended. */
export const cancelCycleSchema = z.object({ cancelled: z.number().int() });

// ——— Usage-count packs (001 §4) ———

/** `GET /api/order/frequency_package_list?frequencyType=`. */
export const frequencyPackageQuerySchema = z.object({
  frequencyType: int32Schema({ coerce: true }).min(1, '套餐数据获取失败'),
});
export const frequencyPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Units added, valid one year. */
  frequency: z.number().int(),
  /** In fen (cents). */
  price: fen,
});
export type FrequencyPackage = z.infer<typeof frequencyPackageSchema>;
export const frequencyPackageListSchema = z.array(frequencyPackageSchema);

/** `POST /api/order/preview_frequency_order`. */
export const previewFrequencyOrderBodySchema = z.object({
  frequency_package_id: int32Schema().min(1, '套餐不存在'),
  rand_tag: randTagSchema,
  pe: payModeSchema.optional(),
});
export type PreviewFrequencyOrderBody = z.input<typeof previewFrequencyOrderBodySchema>;

/** Its answer: `data.order` (001 §7) with the price in fen. */
export const frequencyOrderSchema = z.object({
  order: z.object({ order_id: z.string(), price: fen, expire_time: seconds }),
});

// ——— Membership cards (001 §4, §5) ———

/** `GET /api/card_code/exchange_inspect` and `exchange`. */
export const cardCodeQuerySchema = z.object({
  code: z
    .string({ message: '请输入卡密' })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, '请输入卡密')
        .length(cardCodeLimits.length, `卡密为${cardCodeLimits.length}位字符`)
        .regex(/^[0-9A-Z]+$/, '卡密不存在'),
    ),
});

/**
 * What redeeming a card does: NEW starts a membership, EXTEND lengthens the same grade, OFFSET
 * replaces a running membership of another grade (the confirm 本版本兑换后原会员版本将抵消).
 */
export const cardInspectSchema = z.object({
  type: z.enum(['NEW', 'EXTEND', 'OFFSET']),
  grade: gradeCodeSchema,
  vip_name: z.string(),
  day: z.number().int(),
});
export type CardInspect = z.infer<typeof cardInspectSchema>;

export const cardExchangeSchema = z.object({ grade: gradeCodeSchema, end_time: seconds });

// ——— Orders and invoices (/setting?type=first) ———

export const orderStatusSchema = z.enum(['pending', 'paid', 'cancelled', 'closed', 'refund_due']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const invoiceStatusSchema = z.enum(['pending', 'issued', 'reddened', 'failed']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** One of the caller's orders. */
export const orderItemSchema = z.object({
  order_id: z.string(),
  kind: z.enum(['membership', 'pack']),
  /** What was bought, e.g. 个人版 12个月 or 批量提取文案次数包 100次. */
  title: z.string(),
  grade: gradeCodeSchema.nullable(),
  price: fen,
  pay_money: fen,
  status: orderStatusSchema,
  pay_mode: payModeSchema.nullable(),
  create_time: seconds,
  pay_time: seconds.nullable(),
  /**
   * The membership period it granted as it holds now (YYYY-MM-DD), for paid membership orders: up to
   * the day another grade replaced it; both null when it was replaced before it began.
   */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /**
   * Why that period ended early: `upgrade`, its rest was deducted from the upgrade's price (会员抵扣),
   * or `card`, a membership card of another grade offset it; null when it runs its full length.
   */
  period_cut: z.enum(['upgrade', 'card']).nullable(),
  /** The invoice covering it (not counting reddened ones), if any. */
  invoice_id: z.string().nullable(),
  invoice_status: invoiceStatusSchema.nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const pageBodySchema = z.object(pageFields(pageSizeUpTo(50, 10, '每页最多50条')));

/** `POST /api/find_order_list`. */
export const orderListSchema = z.object({ list: z.array(orderItemSchema), total: z.number().int() });

const text = (max: number, message: string) => z.string().trim().max(max, message);

/** A saved or requested invoice title. */
export const invoiceTitleSchema = z.object({
  /** normal 普通发票, special 增值税专用发票 (company titles only). */
  kind: z.enum(['normal', 'special'], { message: '发票类型不存在' }),
  title_type: z.enum(['personal', 'company'], { message: '抬头类型不存在' }),
  title: text(100, '抬头过长').pipe(z.string().min(1, '请输入发票抬头')),
  /** 统一社会信用代码 (18 characters) for company titles. */
  tax_no: text(20, '统一社会信用代码格式不正确').optional(),
  address: text(100, '地址过长').optional(),
  phone: text(20, '电话过长').optional(),
  bank_name: text(50, '开户行过长').optional(),
  bank_account: text(40, '银行账号过长').optional(),
  email: text(100, '邮箱过长').optional(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitleSchema>;

/** `POST /api/invoice/insert`: one invoice for one or several paid orders. */
export const invoiceInsertBodySchema = invoiceTitleSchema.extend({
  order_ids: z.array(orderIdSchema).min(1, '请选择要开票的订单').max(50, '一次最多为50个订单开票'),
});
export type InvoiceInsertBody = z.input<typeof invoiceInsertBodySchema>;

export const invoiceItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['normal', 'special']),
  title_type: z.enum(['personal', 'company']),
  title: z.string(),
  tax_no: z.string().nullable(),
  amount: fen,
  status: invoiceStatusSchema,
  invoice_no: z.string().nullable(),
  order_ids: z.array(z.string()),
  create_time: seconds,
  issue_time: seconds.nullable(),
  /** Why issuing failed, when it did. */
  failure: z.string().nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** `POST /api/invoice/list`. */
export const invoiceListSchema = z.object({ list: z.array(invoiceItemSchema), total: z.number().int() });

/** `GET /api/invoice/get?id=` and the PDF download `GET /api/invoice/pdf?id=`. */
export const invoiceIdQuerySchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, '发票不存在')
    .max(32, '发票不存在')
    .regex(/^[0-9A-Za-z]+$/, '发票不存在'),
});

/** `GET /api/invoice/title`: the saved title, or null. */
export const savedInvoiceTitleSchema = invoiceTitleSchema.nullable();

/** Paths of this area (001 §7 names). */
export const OrderPath = {
  gradeConfig: '/api/order/get_grade_config',
  preview: '/api/order/preview_order',
  wechatQr: '/api/order/wx_order',
  wechatPackQr: '/api/order/wx_order_c',
  /** The Alipay pay page the Alipay QR encodes (opened by the payer's phone: unsigned). */
  alipayPage: '/api/order/ali_pay',
  payFree: '/api/order/pay_free',
  payResult: '/api/pay_result',
  rollList: '/api/roll_list',
  coupons: '/api/order/coupon_list',
  frequencyPackages: '/api/order/frequency_package_list',
  previewFrequency: '/api/order/preview_frequency_order',
  cancelCycle: '/api/order/cancel_cycle',
  cycleInfo: '/api/order/cycle_info',
  cardInspect: '/api/card_code/exchange_inspect',
  cardExchange: '/api/card_code/exchange',
  orderList: '/api/find_order_list',
  invoiceable: '/api/invoice/wait_push_order_list',
  invoiceList: '/api/invoice/list',
  invoiceInsert: '/api/invoice/insert',
  invoiceByOrder: '/api/invoice/get_by_order',
  invoiceGet: '/api/invoice/get',
  invoicePdf: '/api/invoice/pdf',
  invoiceTitle: '/api/invoice/title',
  /** Vendor notifications (unsigned; verified by the provider). */
  notifyAlipay: '/api/callback/pay/alipay',
  notifyWechat: '/api/callback/pay/wechat',
  notifySandbox: '/api/callback/pay/sandbox',
  /** The sandbox cashier's trade (GET) and its 支付 / 取消 (POST), for the order's owner only. */
  sandboxCashier: '/api/order/sandbox_cashier',
} as const;

/** The Alipay QR's text (001 §4: built client-side from the pay page with the order id). */
export function alipayPageUrl(origin: string, orderId: string): string {
  return `${origin.replace(/\/+$/, '')}${OrderPath.alipayPage}?orderId=${encodeURIComponent(orderId)}`;
}

/** Messages of this area (001 §8, §5), written once. */
export const orderMessages = {
  paySuccess: '支付成功',
  payCancelled: '您已取消支付',
  orderFailed: '订单创建失败,请稍后重试',
  packsFailed: '套餐数据获取失败',
  expired: '已过期',
  exchangeSuccess: '兑换成功',
  offsetTitle: '注意',
  offsetConfirm: '本版本兑换后原会员版本将抵消，确认需要兑换吗？',
  /** The card form's warning, kept with the other account form texts. */
  cardWarning: accountMessages.cardExchangeWarning,
  planNotFound: '套餐不存在',
  planBelowDeduction: '该套餐价格低于当前会员剩余价值，请选择更高的套餐',
  cycleAlipayOnly: '连续包月仅支持支付宝支付',
  orderNotFound: '订单不存在',
  orderNotPending: '订单已支付或已失效',
  couponSpent: '优惠券已被其他订单使用，请重新下单',
  cycleCancelled: '已取消连续包月',
  cardNotFound: '卡密不存在',
  cardUsed: '该卡密已被兑换',
  cardExpired: '该卡密已过期',
} as const;
