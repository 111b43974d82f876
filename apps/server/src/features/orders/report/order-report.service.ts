import {
  CONSOLE_ORDERS_PAGE_SIZE,
  type ConsoleAgreementsPage,
  type ConsoleChannel,
  type ConsoleOrderRow,
  type ConsoleOrdersPage,
  type ConsoleOrderTotals,
  type ConsolePlanChoice,
  type OrderStatus,
} from '@dso/contract';
import { CYCLE_PERIOD_DAYS } from '@dso/domain';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import { findAccountPhones } from '../../account';
import type { OrderRow } from '../orders.repository';
import { orderTitle } from '../payments/payments.service';
import { shanghaiDaySpan } from './day-span';
import {
  type OrderReportFilters,
  selectAgreementsInForce,
  selectPlanShapes,
  selectReportOrders,
  selectReportTotals,
} from './order-report.repository';

/*
 * The operators' view of orders (docs/console.md, Orders): the orders by filters with their totals, the
 * plans to filter by, and the 连续包月 agreements in force. Plans are named as the product names them.
 */

/**
 * The staff list's filters: the repository's, with the creation range as Asia/Shanghai days (`toDay`
 * counts through its whole day).
 */
export type OrderReportQuery = Omit<OrderReportFilters, 'from' | 'to'> & { fromDay?: string; toDay?: string };

function filtersOf({ fromDay, toDay, ...rest }: OrderReportQuery): OrderReportFilters {
  return {
    ...rest,
    ...(fromDay ? { from: shanghaiDaySpan(fromDay)[0] } : {}),
    ...(toDay ? { to: shanghaiDaySpan(toDay)[1] } : {}),
  };
}

type PlanShape = Pick<OrderRow, 'kind' | 'grade' | 'day' | 'cycle' | 'packageId'>;

/** The plan key of an order or plan (contract `CONSOLE_PLAN_KEY`): `VIP-365`, `VIP-cycle`, `pack-3`. */
export function planKeyOf(shape: PlanShape): string {
  if (shape.kind === 'pack') return `pack-${shape.packageId ?? 0}`;
  return shape.cycle ? `${shape.grade}-cycle` : `${shape.grade}-${shape.day ?? 0}`;
}

/** Names each distinct plan once (a count pack's name is read from its row). */
async function planNames(db: Database, shapes: readonly PlanShape[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const shape of shapes) {
    const key = planKeyOf(shape);
    if (!names.has(key)) names.set(key, await orderTitle({ db }, shape));
  }
  return names;
}

function toRow(order: OrderRow, phone: string | null, planName: string): ConsoleOrderRow {
  return {
    order_id: order.id,
    user_id: order.userId,
    phone,
    kind: order.kind === 'pack' ? 'pack' : 'membership',
    plan: planKeyOf(order),
    plan_name: planName,
    price_fen: order.priceFen,
    coupon_fen: order.couponFen,
    dis_price_fen: order.disPriceFen,
    pay_fen: order.payMoneyFen,
    status: order.status as OrderStatus,
    channel: order.channel as ConsoleChannel | null,
    create_time: unixSeconds(order.createdAt),
    pay_time: unixSeconds(order.paidAt),
    vendor_trade_no: order.vendorTradeNo,
  };
}

const figures = (group: { orders: number; paidCount: number; paidFen: number }) => ({
  orders: group.orders,
  paid_count: group.paidCount,
  paid_fen: group.paidFen,
});

/** Groups of one plan key summed (a plan's rows differ only in a column the key leaves out). */
async function totalsByPlan(
  db: Database,
  groups: Awaited<ReturnType<typeof selectReportTotals>>['byPlan'],
): Promise<ConsoleOrderTotals['by_plan']> {
  const names = await planNames(db, groups);
  const byKey = new Map<string, ConsoleOrderTotals['by_plan'][number]>();
  for (const group of groups) {
    const plan = planKeyOf(group);
    const sum = byKey.get(plan) ?? { plan, plan_name: names.get(plan) ?? plan, orders: 0, paid_count: 0, paid_fen: 0 };
    sum.orders += group.orders;
    sum.paid_count += group.paidCount;
    sum.paid_fen += group.paidFen;
    byKey.set(plan, sum);
  }
  return [...byKey.values()].sort((a, b) => b.paid_fen - a.paid_fen || b.orders - a.orders);
}

/** A page of the orders the filters match (20, newest first), each with the member's phone, and the totals. */
export async function listReportOrders(
  db: Database,
  query: OrderReportQuery,
  pageNo: number,
): Promise<ConsoleOrdersPage> {
  const filters = filtersOf(query);
  const [{ rows, total }, totals] = await Promise.all([
    selectReportOrders(db, filters, (pageNo - 1) * CONSOLE_ORDERS_PAGE_SIZE, CONSOLE_ORDERS_PAGE_SIZE),
    selectReportTotals(db, filters),
  ]);
  const [phones, names] = await Promise.all([
    findAccountPhones(
      db,
      rows.map((row) => row.userId),
    ),
    planNames(db, rows),
  ]);
  return {
    list: rows.map((row) => toRow(row, phones.get(row.userId) ?? null, names.get(planKeyOf(row)) ?? '')),
    total,
    totals: {
      all: figures(totals.all),
      by_day: totals.byDay.map((group) => ({ day: group.day, ...figures(group) })),
      by_channel: totals.byChannel.map((group) => ({
        channel: group.channel as ConsoleChannel | null,
        ...figures(group),
      })),
      by_plan: await totalsByPlan(db, totals.byPlan),
    },
  };
}

/** Every plan (its grade and days, or its 连续包月) and count pack there is, named, to filter by. */
export async function listPlanChoices(db: Database): Promise<ConsolePlanChoice[]> {
  const { planRows, packRows } = await selectPlanShapes(db);
  const shapes: PlanShape[] = [
    ...planRows.map((plan) => ({
      kind: 'membership',
      grade: plan.grade,
      day: plan.cycle ? CYCLE_PERIOD_DAYS : plan.day,
      cycle: plan.cycle,
      packageId: null,
    })),
    ...packRows.map((pack) => ({ kind: 'pack', grade: null, day: null, cycle: false, packageId: pack.id })),
  ];
  const names = await planNames(db, shapes);
  return [...names].map(([plan, plan_name]) => ({ plan, plan_name }));
}

/** A page of the 连续包月 agreements in force (20, newest first). */
export async function listAgreementsInForce(db: Database, pageNo: number): Promise<ConsoleAgreementsPage> {
  const { rows, total } = await selectAgreementsInForce(
    db,
    (pageNo - 1) * CONSOLE_ORDERS_PAGE_SIZE,
    CONSOLE_ORDERS_PAGE_SIZE,
  );
  const [phones, names] = await Promise.all([
    findAccountPhones(
      db,
      rows.map((row) => row.userId),
    ),
    planNames(
      db,
      rows.map((row) => ({ kind: 'membership', grade: row.grade, day: null, cycle: true, packageId: null })),
    ),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      phone: phones.get(row.userId) ?? null,
      plan_name: names.get(`${row.grade}-cycle`) ?? '连续包月',
      cycle_fen: row.cycleAmountFen,
      next_charge_on: row.status === 'active' ? row.nextChargeOn : null,
      sign_time: unixSeconds(row.signedAt),
      state: row.status === 'ending' ? 'ending' : 'active',
    })),
    total,
  };
}
