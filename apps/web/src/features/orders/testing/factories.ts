import type { Coupon, OrderInfo, OrderItem, PayPlan } from '@dso/contract';

let nextId = 100;

/** A plan as get_grade_config answers it; fen amounts, no offers unless given. */
export function createPlan(overrides: Partial<PayPlan> = {}): PayPlan {
  const price = overrides.price ?? 49_900;
  return {
    id: nextId++,
    grade_enum: 'VIP',
    day: 365,
    month: 12,
    price,
    original_price: null,
    active_price: null,
    active_start_time: null,
    active_end_time: null,
    activity_price: null,
    activity_start_time: null,
    activity_end_time: null,
    new_user_price: null,
    act: false,
    has_cycle: false,
    cycle_price: null,
    cycle_period: null,
    discount: '',
    dso_grade_config_list_bean_list: [],
    all_point_activity_bean: null,
    current_price: price,
    first_label: null,
    dis_price: 0,
    ...overrides,
  };
}

/** The continuous monthly plan: listed as the 29-day entry, 首月 then the cycle price. */
export function createCyclePlan(overrides: Partial<PayPlan> = {}): PayPlan {
  return createPlan({
    day: 29,
    month: 1,
    price: 3_900,
    current_price: 3_900,
    has_cycle: true,
    cycle_price: 5_900,
    cycle_period: 30,
    first_label: '首月',
    ...overrides,
  });
}

/** An order preview answer, payable for 900 s from `nowMs`. */
export function createOrder(overrides: Partial<OrderInfo> = {}, nowMs = Date.now()): OrderInfo {
  return {
    order_id: 'M1',
    price: 49_900,
    cycle_price: null,
    dis_price: 0,
    pay_money: 49_900,
    save_money: 0,
    end_date: '2026-12-31',
    month: 12,
    coupon: null,
    expire_time: Math.floor(nowMs / 1000) + 900,
    first_label: null,
    ends_cycle: null,
    ...overrides,
  };
}

export function createCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 7,
    name: '新人券',
    discount: 2_000,
    low_money: 0,
    start_time: 0,
    end_time: 4_102_444_800,
    ...overrides,
  };
}

/** A row of the order list: a paid 12-month 个人版 order by Alipay, without an invoice. */
export function createOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    order_id: `O${nextId++}`,
    kind: 'membership',
    title: '个人版 12个月',
    grade: 'VIP',
    price: 49900,
    pay_money: 49900,
    status: 'paid',
    pay_mode: 'AliPay',
    create_time: 1_735_689_600,
    pay_time: 1_735_689_700,
    start_date: '2025-01-01',
    end_date: '2026-01-01',
    period_cut: null,
    invoice_id: null,
    invoice_status: null,
    ...overrides,
  };
}
