import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { at, createdAt, enabled, rowId, sortOrder, updatedAt } from './columns';

/*
 * Membership purchase (001 §2–§5, §9). Every amount is integer fen. Orders, grants, coupons, cards
 * and invoices change only inside transactions of the orders feature.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A team-size option of a plan (`dso_grade_config_list_bean_list`): `count` members for `extra_fen` more. */
export interface PlanTeamOption {
  id: number;
  count: number;
  extra_fen: number;
}

/** A plan's points activity (`all_point_activity_bean`), shown on its card while it runs. */
export interface PlanPointActivity {
  desc: string;
  start_time: number;
  end_time: number;
  img_url: string;
}

/**
 * Plans (pay combos) per tier. A continuous monthly plan is one row with `has_cycle`; the API lists it
 * twice, once as itself and once as the 29-day entry (001 §3, §9).
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    grade: text('grade').notNull(),
    day: integer('day').notNull(),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen'),
    /** A price that applies between its two instants (`active_price`). */
    activePriceFen: integer('active_price_fen'),
    activeStartsAt: at('active_starts_at'),
    activeEndsAt: at('active_ends_at'),
    /** A campaign price (`activity_price`) with its own window. */
    activityPriceFen: integer('activity_price_fen'),
    activityStartsAt: at('activity_starts_at'),
    activityEndsAt: at('activity_ends_at'),
    /** The price for a user who has never paid (`new_user_price`). */
    newUserPriceFen: integer('new_user_price_fen'),
    hasCycle: boolean('has_cycle').notNull().default(false),
    /** What each later period of a continuous plan costs (`cycle_price`). */
    cyclePriceFen: integer('cycle_price_fen'),
    cyclePeriodDays: integer('cycle_period_days'),
    /** The badge text of a plan card (`discount`), e.g. 限时8折. */
    discount: text('discount').notNull().default(''),
    teamOptions: jsonb('team_options').$type<PlanTeamOption[]>().notNull().default([]),
    pointActivity: jsonb('point_activity').$type<PlanPointActivity | null>(),
    sort: sortOrder(),
    enabled: enabled(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('plans_grade_idx').on(table.grade, table.enabled, table.sort)],
);

/** Usage-count packs on sale (001 §4): `frequency` units of the alias behind `frequency_type`. */
export const frequencyPackages = pgTable(
  'frequency_packages',
  {
    id: serial('id').primaryKey(),
    frequencyType: integer('frequency_type').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    frequency: integer('frequency').notNull(),
    priceFen: integer('price_fen').notNull(),
    sort: sortOrder(),
    enabled: enabled(),
    createdAt: createdAt(),
  },
  (table) => [index('frequency_packages_type_idx').on(table.frequencyType, table.enabled)],
);

/**
 * Orders. Created pending by the order preview; paid, cancelled or closed once. A payment that
 * arrives after the order was closed leaves it `refund_due` for the operators (never lost).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    /** membership or pack. */
    kind: text('kind').notNull(),
    planId: integer('plan_id'),
    packageId: integer('package_id'),
    grade: text('grade'),
    day: integer('day'),
    cycle: boolean('cycle').notNull().default(false),
    teamOptionId: integer('team_option_id'),
    teamCount: integer('team_count'),
    /** What the plan costs before deductions (its effective price plus the team option). */
    priceFen: integer('price_fen').notNull(),
    /** The value left in the current membership, deducted when upgrading (`dis_price`). */
    disPriceFen: integer('dis_price_fen').notNull().default(0),
    couponFen: integer('coupon_fen').notNull().default(0),
    userCouponId: bigint('user_coupon_id', { mode: 'number' }),
    payMoneyFen: integer('pay_money_fen').notNull(),
    saveMoneyFen: integer('save_money_fen').notNull().default(0),
    cyclePriceFen: integer('cycle_price_fen'),
    /** pending → paid | cancelled | closed; closed → refund_due when money arrives late. */
    status: text('status').notNull().default('pending'),
    /** alipay or wechat, once a QR was asked for. */
    channel: text('channel'),
    provider: text('provider'),
    qrText: text('qr_text'),
    vendorTradeNo: text('vendor_trade_no'),
    /** The client's retry key (`rand_tag`): the same tag returns the same pending order. */
    randTag: text('rand_tag'),
    /** Sales attribution (`tag`). */
    tag: text('tag'),
    /** The 周期扣款 agreement a continuous plan's order signs or charges. */
    agreementId: text('agreement_id'),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    /** The membership period the payment granted. */
    grantStartsAt: at('grant_starts_at'),
    grantEndsAt: at('grant_ends_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_open_idx').on(table.status, table.expiresAt),
    uniqueIndex('orders_user_rand_tag_idx').on(table.userId, table.randTag),
  ],
);

/** Every payment notification and vendor answer we acted on or refused: the audit trail. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: rowId(),
    orderId: text('order_id'),
    provider: text('provider').notNull(),
    /** notify, query, close, charge. */
    source: text('source').notNull(),
    /** applied, duplicate, forged, amount_mismatch, late, unknown_order, ignored, cancelled. */
    outcome: text('outcome').notNull(),
    amountFen: integer('amount_fen'),
    vendorTradeNo: text('vendor_trade_no'),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('payment_events_order_idx').on(table.orderId, table.createdAt)],
);

/**
 * Membership periods a user holds, one per paid order or redeemed card. The value left in the
 * running ones is what an upgrade deducts (`dis_price`).
 */
export const membershipGrants = pgTable(
  'membership_grants',
  {
    id: rowId(),
    userId: ownerId(),
    grade: text('grade').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** What the period was paid (fen); a converted or superseded grant stops counting at `ended_at`. */
    valueFen: integer('value_fen').notNull(),
    /** order:<id> or card:<code>; unique so a grant is never applied twice. */
    source: text('source').notNull().unique(),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
  },
  (table) => [index('membership_grants_user_idx').on(table.userId, table.endsAt)],
);

/** Coupon kinds: `discount_fen` off an order of at least `low_money_fen`, valid in a window. */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  discountFen: integer('discount_fen').notNull(),
  lowMoneyFen: integer('low_money_fen').notNull().default(0),
  /** Grades whose plans it applies to; empty means every plan. */
  grades: text('grades').array().notNull().default([]),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  createdAt: createdAt(),
});

/** A coupon held by a user; used once, by one paid order. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: rowId(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    usedOrderId: text('used_order_id'),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('user_coupons_user_idx').on(table.userId, table.usedAt)],
);

/** Membership cards: 10-character codes made in batches, each redeemed once. */
export const membershipCards = pgTable(
  'membership_cards',
  {
    code: text('code').primaryKey(),
    batch: text('batch').notNull(),
    grade: text('grade').notNull(),
    days: integer('days').notNull(),
    /** What the card was sold for (fen): the value it adds to a membership, for later upgrades. */
    valueFen: integer('value_fen').notNull().default(0),
    /** The last instant the card can be redeemed; null for no limit. */
    redeemBy: at('redeem_by'),
    redeemedBy: bigint('redeemed_by', { mode: 'number' }),
    redeemedAt: at('redeemed_at'),
    createdAt: createdAt(),
  },
  (table) => [index('membership_cards_batch_idx').on(table.batch)],
);

/** 周期扣款 agreements of continuous monthly plans. */
export const paymentAgreements = pgTable(
  'payment_agreements',
  {
    /** Our id (`external_agreement_no`). */
    id: text('id').primaryKey(),
    userId: ownerId(),
    planId: integer('plan_id').notNull(),
    provider: text('provider').notNull(),
    /** The vendor's agreement number once signed. */
    agreementNo: text('agreement_no'),
    /** signing → active → ended. */
    status: text('status').notNull().default('signing'),
    periodDays: integer('period_days').notNull(),
    cycleAmountFen: integer('cycle_amount_fen').notNull(),
    /** The Asia/Shanghai date of the next charge (YYYY-MM-DD). */
    nextChargeOn: text('next_charge_on'),
    createdAt: createdAt(),
    endedAt: at('ended_at'),
  },
  (table) => [index('payment_agreements_due_idx').on(table.status, table.nextChargeOn)],
);

/** Trades of the sandbox payment provider: what a vendor would keep, so any instance can answer. */
export const sandboxTrades = pgTable('sandbox_trades', {
  outTradeNo: text('out_trade_no').primaryKey(),
  channel: text('channel').notNull(),
  amountFen: integer('amount_fen').notNull(),
  subject: text('subject').notNull(),
  notifyUrl: text('notify_url').notNull(),
  /** WAIT_BUYER_PAY → TRADE_SUCCESS | CANCELLED | TRADE_CLOSED. */
  status: text('status').notNull().default('WAIT_BUYER_PAY'),
  vendorTradeNo: text('vendor_trade_no').notNull(),
  agreementNo: text('agreement_no'),
  externalAgreementNo: text('external_agreement_no'),
  expiresAt: at('expires_at').notNull(),
  paidAt: at('paid_at'),
  createdAt: createdAt(),
});

/**
 * An invoice's buyer (购买方) as requested: kind normal (普通发票) or special (增值税专用发票), a
 * personal or company title, 统一社会信用代码 and the special invoice's address, phone and bank.
 */
const invoiceTitleColumns = () => ({
  kind: text('kind').notNull(),
  titleType: text('title_type').notNull(),
  title: text('title').notNull(),
  taxNo: text('tax_no'),
  address: text('address'),
  phone: text('phone'),
  bankName: text('bank_name'),
  bankAccount: text('bank_account'),
  email: text('email'),
});

/** The invoice title a user saved, reused by the next request. */
export const invoiceTitles = pgTable('invoice_titles', {
  userId: ownerId().primaryKey(),
  ...invoiceTitleColumns(),
  updatedAt: updatedAt(),
});

/** Invoices: pending (待开具) → issued (已开具) → reddened (已红冲). */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    ...invoiceTitleColumns(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').notNull().default('pending'),
    invoiceNo: text('invoice_no'),
    pdf: bytea('pdf'),
    redPdf: bytea('red_pdf'),
    failure: text('failure'),
    /** The red-letter invoice (红字发票) that cancelled this one: its own number and the reason given. */
    redInvoiceNo: text('red_invoice_no'),
    redReason: text('red_reason'),
    createdAt: createdAt(),
    issuedAt: at('issued_at'),
    reddenedAt: at('reddened_at'),
  },
  (table) => [index('invoices_user_idx').on(table.userId, table.createdAt)],
);

/** The paid orders an invoice covers; an order is on at most one invoice that is not reddened. */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.orderId] }),
    index('invoice_orders_order_idx').on(table.orderId),
  ],
);
