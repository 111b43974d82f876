import { frequencyTypes } from '@dso/domain';
import { z } from 'zod';
import { phoneSchema } from './account';
import { consoleReasonSchema } from './console';
import { INT32_MAX } from './input';
import { payGradeSchema } from './orders';
import { requiredTextSchema, unixSecondsSchema } from './shapes';

/*
 * The operator's console (docs/console.md), 套餐与卡券: plans and activity prices, coupons, membership-card batches, count packs.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not (everything here needs `orders.act`: 管理员 and 财务). Instants are Unix seconds;
 * money is integer fen.
 *
 * The `admin…` schemas are what is changed; the `npm run orders` CLI parses its flags with them too, so both
 * doors accept exactly the same values. The console's bodies add the reason the audit log keeps.
 */

/** Messages of this page's calls (and of `npm run orders`, which parses the same schemas). */
export const marketingMessages = {
  fen: '金额须为不小于0的整数（单位：分）',
  day: '天数须为1到3650的整数',
  seconds: '时间须为Unix秒',
  windowIncomplete: '时间段须同时填写开始和结束时间',
  windowOrder: '开始时间须早于结束时间',
  activePriceNeedsWindow: '限时价须填写生效时间段',
  activityPriceNeedsWindow: '活动价须填写活动时间段',
  cycleNeedsPrice: '连续包月套餐须填写续费价格',
  teamOptionIds: '团队人数选项的编号不能重复',
  planNotFound: '套餐不存在',
  couponNotFound: '优惠券不存在',
  couponDiscount: '优惠金额须大于0',
  packageNotFound: '次数包不存在',
  packageType: '次数包类型不存在',
  batchRequired: '请输入批次名称',
  cardCount: '卡密数量须为1到10000',
  phonesRequired: '请输入手机号',
  nameRequired: '请输入名称',
  tooLong: '内容过长',
  batchExists: '该批次名称已存在，请换一个',
} as const;

/** The longest period a plan or a card may grant (ten years). */
export const ADMIN_DAY_MAX = 3650;
/** The most cards one batch call makes. */
export const ADMIN_CARD_BATCH_MAX = 10_000;
/** The latest instant accepted (9999-12-31T23:59:59Z). */
const SECONDS_MAX = 253_402_300_799;

const m = marketingMessages;

/** An amount in fen that fits the integer columns. */
export const adminFenSchema = z.number({ error: m.fen }).int(m.fen).min(0, m.fen).max(INT32_MAX, '数值超出范围');
/** Days a plan or card grants: 1 to 3650. */
export const adminDaySchema = z.number({ error: m.day }).int(m.day).min(1, m.day).max(ADMIN_DAY_MAX, m.day);
/** A Unix instant in seconds. */
export const adminSecondsSchema = z
  .number({ error: m.seconds })
  .int(m.seconds)
  .min(0, m.seconds)
  .max(SECONDS_MAX, m.seconds);
const int32 = z.number().int().min(0, '数值超出范围').max(INT32_MAX, '数值超出范围');
const idSchema = z.number({ error: '编号须为正整数' }).int('编号须为正整数').min(1, '编号须为正整数').max(INT32_MAX);
const text = (max: number) => z.string().trim().max(max, m.tooLong);
const name = (max: number) => text(max).pipe(z.string().min(1, m.nameRequired));

/** The team-size options of a plan: `count` members for `extra_fen` more. */
export const adminTeamOptionSchema = z.object({
  id: idSchema,
  count: z.number().int().min(1, '团队人数须为正整数').max(10_000, '团队人数过多'),
  extra_fen: adminFenSchema,
});

/** A plan's points activity shown on its card while it runs. */
export const adminPointActivitySchema = z
  .object({
    desc: text(200),
    start_time: adminSecondsSchema,
    end_time: adminSecondsSchema,
    img_url: text(500),
  })
  .refine((activity) => activity.start_time < activity.end_time, m.windowOrder);

/** Every stored field of a plan, by its wire name (see `plans` in the server's schema). */
const planFields = {
  grade: payGradeSchema,
  day: adminDaySchema,
  price_fen: adminFenSchema,
  original_price_fen: adminFenSchema.nullable(),
  /** A price that applies inside its window. */
  active_price_fen: adminFenSchema.nullable(),
  active_start_time: adminSecondsSchema.nullable(),
  active_end_time: adminSecondsSchema.nullable(),
  /** A campaign price with its own window. */
  activity_price_fen: adminFenSchema.nullable(),
  activity_start_time: adminSecondsSchema.nullable(),
  activity_end_time: adminSecondsSchema.nullable(),
  /** What a user who has never paid pays. */
  new_user_price_fen: adminFenSchema.nullable(),
  /** A continuous monthly plan (Alipay 周期扣款): `price_fen` first, then `cycle_price_fen` a period. */
  has_cycle: z.boolean(),
  cycle_price_fen: adminFenSchema.nullable(),
  cycle_period_days: adminDaySchema.nullable(),
  /** The badge text of the plan card, e.g. 限时8折. */
  discount: text(20),
  team_options: z
    .array(adminTeamOptionSchema)
    .max(20, '团队人数选项过多')
    .refine((options) => new Set(options.map((option) => option.id)).size === options.length, m.teamOptionIds),
  point_activity: adminPointActivitySchema.nullable(),
  sort: int32,
  enabled: z.boolean(),
};

type Window = [start: number | null | undefined, end: number | null | undefined];

/** The rules across fields of a whole plan, with the message of the first one broken (or null). */
function planRuleBroken(plan: z.output<z.ZodObject<typeof planFields>>): string | null {
  const windows: [price: number | null, window: Window, needsWindow: string][] = [
    [plan.active_price_fen, [plan.active_start_time, plan.active_end_time], m.activePriceNeedsWindow],
    [plan.activity_price_fen, [plan.activity_start_time, plan.activity_end_time], m.activityPriceNeedsWindow],
  ];
  for (const [price, [start, end], needsWindow] of windows) {
    if ((start == null) !== (end == null)) return m.windowIncomplete;
    if (start != null && end != null && start >= end) return m.windowOrder;
    if (price != null && start == null) return needsWindow;
  }
  if (plan.has_cycle && plan.cycle_price_fen == null) return m.cycleNeedsPrice;
  return null;
}

/**
 * A whole plan as stored: every field present, the cross-field rules checked (a window has both ends
 * and starts before it ends, a timed price has its window, a continuous plan has its renewal price).
 * The server checks a created plan, and an updated one after merging the change, with it.
 */
export const adminPlanInputSchema = z.object(planFields).superRefine((plan, context) => {
  const broken = planRuleBroken(plan);
  if (broken) context.addIssue({ code: 'custom', message: broken });
});
export type AdminPlanInput = z.output<typeof adminPlanInputSchema>;

/** `plans/create`: grade, day and price; every other field optional. */
export const adminPlanCreateBodySchema = z
  .object(planFields)
  .partial()
  .required({ grade: true, day: true, price_fen: true });
export type AdminPlanCreateBody = z.output<typeof adminPlanCreateBodySchema>;

/** `plans/update`: the plan's id and the fields to change (null clears one). */
export const adminPlanUpdateBodySchema = z.object(planFields).partial().extend({ id: idSchema });
export type AdminPlanUpdateBody = z.output<typeof adminPlanUpdateBodySchema>;

/** `plans/enable`: puts a plan on sale or takes it off. */
export const adminPlanEnableBodySchema = z.object({ id: idSchema, enabled: z.boolean({ error: '请选择是否上架' }) });

/** A plan as operators read it. */
export const adminPlanSchema = z.object({
  id: z.number().int(),
  ...planFields,
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.array(adminPlanSchema);

// ——— Coupons ———

/** `coupons/create`: a coupon kind, granted to users afterwards. */
export const adminCouponCreateBodySchema = z
  .object({
    name: name(30),
    discount_fen: adminFenSchema.refine((fen) => fen > 0, m.couponDiscount),
    /** The least an order must cost for the coupon to apply (满减); 0 for any order. */
    low_money_fen: adminFenSchema.optional(),
    /** The grades whose plans it applies to; empty or absent for every plan. */
    grades: z
      .array(payGradeSchema)
      .max(3)
      .transform((grades) => [...new Set(grades)])
      .optional(),
    start_time: adminSecondsSchema,
    end_time: adminSecondsSchema,
  })
  .refine((coupon) => coupon.start_time < coupon.end_time, m.windowOrder);
export type AdminCouponCreateBody = z.input<typeof adminCouponCreateBodySchema>;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  discount_fen: z.number().int(),
  low_money_fen: z.number().int(),
  grades: z.array(z.string()),
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** How many users were given one, and how many of those were used by a paid order. */
  held: z.number().int(),
  used: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponListSchema = z.array(adminCouponSchema);

/** `coupons/grant`: one coupon of the kind to each account of the phones. */
export const adminCouponGrantBodySchema = z.object({
  coupon_id: idSchema,
  phones: z.array(phoneSchema).min(1, m.phonesRequired).max(1000, '一次最多发放给1000个手机号'),
});
export type AdminCouponGrantBody = z.input<typeof adminCouponGrantBodySchema>;

/** Its answer: the held coupons made, and the phones without an account (nothing granted to them). */
export const adminCouponGrantSchema = z.object({
  coupon_id: z.number().int(),
  granted: z.array(z.object({ phone: z.string(), user_coupon_id: z.number().int() })),
  unknown_phones: z.array(z.string()),
});
export type AdminCouponGrant = z.infer<typeof adminCouponGrantSchema>;

// ——— Membership cards ———

const batchSchema = requiredTextSchema(m.batchRequired).max(64, '批次名称过长');

/** `cards/create`: a batch of new cards; answers their codes. */
export const adminCardBatchBodySchema = z.object({
  batch: batchSchema,
  grade: payGradeSchema,
  days: adminDaySchema,
  /** What one card was sold for: the value it adds to the membership, deducted on a later upgrade. */
  value_fen: adminFenSchema.optional(),
  count: z.number({ error: m.cardCount }).int(m.cardCount).min(1, m.cardCount).max(ADMIN_CARD_BATCH_MAX, m.cardCount),
  /** The last instant a card can be redeemed; absent or null for no limit. */
  redeem_by: adminSecondsSchema.nullable().optional(),
});
export type AdminCardBatchBody = z.input<typeof adminCardBatchBodySchema>;

/** The terms a batch of cards was made with, as every answer about a batch or its cards shows them. */
const cardBatchTermsFields = {
  batch: z.string(),
  grade: z.string(),
  days: z.number().int(),
  value_fen: z.number().int(),
  redeem_by: unixSecondsSchema.nullable(),
};

export const adminCardBatchSchema = z.object({ ...cardBatchTermsFields, codes: z.array(z.string()) });
export type AdminCardBatch = z.infer<typeof adminCardBatchSchema>;

/** `GET cards?batch=`. */
export const adminCardListQuerySchema = z.object({ batch: batchSchema });

export const adminCardSchema = z.object({
  code: z.string(),
  ...cardBatchTermsFields,
  /** The account that redeemed it, with its phone, and when; all null while unredeemed. */
  redeemed_by: z.number().int().nullable(),
  redeemed_phone: z.string().nullable(),
  redeemed_at: z.number().int().nullable(),
  create_time: z.number().int(),
});
export type AdminCard = z.infer<typeof adminCardSchema>;
export const adminCardListSchema = z.object({
  batch: z.string(),
  total: z.number().int(),
  redeemed: z.number().int(),
  list: z.array(adminCardSchema),
});
export type AdminCardList = z.infer<typeof adminCardListSchema>;

// ——— Usage-count packs ———

/** A pack type (`frequencyType`) the domain knows; its quota alias comes from the same map. */
export const adminFrequencyTypeSchema = z
  .number({ error: m.packageType })
  .int(m.packageType)
  .refine((type) => Object.hasOwn(frequencyTypes, type), m.packageType);

const packageFields = {
  frequency_type: adminFrequencyTypeSchema,
  name: name(30),
  /** Units the pack adds (valid a year). */
  frequency: z
    .number({ error: '次数须为正整数' })
    .int('次数须为正整数')
    .min(1, '次数须为正整数')
    .max(10_000_000, '次数过多'),
  price_fen: adminFenSchema,
  sort: int32,
  enabled: z.boolean(),
};

/** `packs/create`. */
export const adminPackageCreateBodySchema = z
  .object(packageFields)
  .partial()
  .required({ frequency_type: true, name: true, frequency: true, price_fen: true });
export type AdminPackageCreateBody = z.output<typeof adminPackageCreateBodySchema>;

/** `packs/update`: the pack's id and the fields to change. */
export const adminPackageUpdateBodySchema = z.object(packageFields).partial().extend({ id: idSchema });
export type AdminPackageUpdateBody = z.output<typeof adminPackageUpdateBodySchema>;

export const adminPackageSchema = z.object({
  id: z.number().int(),
  ...packageFields,
  frequency_type: z.number().int(),
  /** The quota the pack refills (from the pack type). */
  alias: z.string(),
  create_time: z.number().int(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackageListSchema = z.array(adminPackageSchema);

// ——— The console's bodies and answers ———

const withReason = { reason: consoleReasonSchema };

export const consolePlanCreateBodySchema = adminPlanCreateBodySchema.extend(withReason);
export type ConsolePlanCreateBody = z.input<typeof consolePlanCreateBodySchema>;
export const consolePlanUpdateBodySchema = adminPlanUpdateBodySchema.extend(withReason);
export type ConsolePlanUpdateBody = z.input<typeof consolePlanUpdateBodySchema>;
export const consolePlanEnableBodySchema = adminPlanEnableBodySchema.extend(withReason);
export type ConsolePlanEnableBody = z.input<typeof consolePlanEnableBodySchema>;
export const consoleCouponCreateBodySchema = adminCouponCreateBodySchema.safeExtend(withReason);
export type ConsoleCouponCreateBody = z.input<typeof consoleCouponCreateBodySchema>;
export const consoleCouponGrantBodySchema = adminCouponGrantBodySchema.extend(withReason);
export type ConsoleCouponGrantBody = z.input<typeof consoleCouponGrantBodySchema>;
export const consolePackageCreateBodySchema = adminPackageCreateBodySchema.extend(withReason);
export type ConsolePackageCreateBody = z.input<typeof consolePackageCreateBodySchema>;
export const consolePackageUpdateBodySchema = adminPackageUpdateBodySchema.extend(withReason);
export type ConsolePackageUpdateBody = z.input<typeof consolePackageUpdateBodySchema>;

/**
 * `cards/create`: a new batch (its name not used before). `request_id` is made when the dialog opens and
 * sent with every try: one id makes one batch, so a double click or a retried POST answers the first batch.
 */
export const consoleCardBatchBodySchema = adminCardBatchBodySchema.extend({
  request_id: z.uuid({ error: '请求编号无效，请关闭后重新打开' }),
  ...withReason,
});
export type ConsoleCardBatchBody = z.input<typeof consoleCardBatchBodySchema>;

/** What `cards/create` answers: the batch made (its codes come with the CSV export) and its audit entry. */
export const consoleCardBatchMadeSchema = adminCardBatchSchema
  .omit({ codes: true })
  .extend({ count: z.number().int(), audit_id: z.number().int() });
export type ConsoleCardBatchMade = z.infer<typeof consoleCardBatchMadeSchema>;

/** A batch of cards as `cards/batches` lists it, newest first. */
export const consoleCardBatchSchema = z.object({
  ...cardBatchTermsFields,
  count: z.number().int(),
  redeemed: z.number().int(),
  create_time: unixSecondsSchema,
  /** Who made it (命令行 for `npm run orders`; null for a batch made before the audit log). */
  staff_name: z.string().nullable(),
});
export type ConsoleCardBatch = z.infer<typeof consoleCardBatchSchema>;
export const consoleCardBatchListSchema = z.array(consoleCardBatchSchema);

/** The columns of a batch's CSV export (`cards/export?batch=`), in order; 序号 is the card's place in its batch. */
export const cardExportColumns = ['序号', '卡密', '等级', '天数', '状态', '兑换手机号', '兑换时间'] as const;

/** Paths of this page's calls. */
export const ConsoleMarketingPath = {
  plans: '/api/console/marketing/plans',
  planCreate: '/api/console/marketing/plans/create',
  planUpdate: '/api/console/marketing/plans/update',
  planEnable: '/api/console/marketing/plans/enable',
  coupons: '/api/console/marketing/coupons',
  couponCreate: '/api/console/marketing/coupons/create',
  couponGrant: '/api/console/marketing/coupons/grant',
  cardBatches: '/api/console/marketing/cards/batches',
  cardBatchCreate: '/api/console/marketing/cards/create',
  cards: '/api/console/marketing/cards',
  cardExport: '/api/console/marketing/cards/export',
  packs: '/api/console/marketing/packs',
  packCreate: '/api/console/marketing/packs/create',
  packUpdate: '/api/console/marketing/packs/update',
} as const;
