import { SHANGHAI_OFFSET_MS } from '@dso/domain';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { frequencyPackages, orders, paymentAgreements, plans } from '../../../db/schema';
import { countedPage } from '../../../lib/page-rows';
import { selectPage } from '../../../lib/select-page';
import { triedToPay } from '../list/order-list.repository';

/*
 * What the operators' orders page reads of the orders tables: orders by filters with their totals, the
 * agreements in force, and a day's orders to reconcile.
 */

/** Which orders the staff list shows; every field narrows it. */
export interface OrderReportFilters {
  /** Created at or after (the start of an Asia/Shanghai day). */
  from?: Date;
  /** Created before (the start of the day after the last one). */
  to?: Date;
  channel?: 'alipay' | 'wechat';
  kind?: 'membership' | 'pack';
  /** A plan key (`VIP-365`, `VIP-cycle`, `pack-3`, contract `CONSOLE_PLAN_KEY`). */
  plan?: string;
  status?: string;
  userId?: number;
  orderId?: string;
}

/** The conditions of a plan key: a grade and its days or its 连续包月, or a count pack. */
function planCondition(plan: string): SQL | undefined {
  const [head, tail] = plan.split('-') as [string, string];
  if (head === 'pack') return and(eq(orders.kind, 'pack'), eq(orders.packageId, Number(tail)));
  const grade = and(eq(orders.kind, 'membership'), eq(orders.grade, head));
  return tail === 'cycle'
    ? and(grade, eq(orders.cycle, true))
    : and(grade, eq(orders.cycle, false), eq(orders.day, Number(tail)));
}

function whereOf(filters: OrderReportFilters): SQL | undefined {
  return and(
    triedToPay,
    filters.from ? gte(orders.createdAt, filters.from) : undefined,
    filters.to ? lt(orders.createdAt, filters.to) : undefined,
    filters.channel ? eq(orders.channel, filters.channel) : undefined,
    filters.kind ? eq(orders.kind, filters.kind) : undefined,
    filters.plan ? planCondition(filters.plan) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.userId !== undefined ? eq(orders.userId, filters.userId) : undefined,
    filters.orderId !== undefined ? eq(orders.id, filters.orderId) : undefined,
  );
}

/** A page of the orders the filters match, newest first, and how many they match. */
export function selectReportOrders(db: Database, filters: OrderReportFilters, offset: number, limit: number) {
  return selectPage(db, orders, {
    where: whereOf(filters),
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    offset,
    limit,
  });
}

/**
 * The Asia/Shanghai day of creation (the domain's fixed UTC+8, so no time-zone data is needed). The
 * offset is written into the text, not bound: GROUP BY must see the very expression the select has.
 */
const shanghaiShift = sql.raw(`interval '${SHANGHAI_OFFSET_MS / 1000} seconds'`);
const createdDay = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + ${shanghaiShift}, 'YYYY-MM-DD')`;

/** All orders of a group, and its paid ones with the fen they paid. */
const groupFigures = {
  orders: count(),
  paidCount: sql<number>`count(*) filter (where ${orders.status} = 'paid')`.mapWith(Number),
  paidFen: sql<number>`coalesce(sum(${orders.payMoneyFen}) filter (where ${orders.status} = 'paid'), 0)`.mapWith(
    Number,
  ),
};

/** The days a by-day total lists at most (newest first). */
export const TOTAL_DAYS_MAX = 366;

/** The totals of everything the filters match: overall, by day of creation, by channel and by plan. */
export async function selectReportTotals(db: Database, filters: OrderReportFilters) {
  const where = whereOf(filters);
  const [[all], byDay, byChannel, byPlan] = await Promise.all([
    db.select(groupFigures).from(orders).where(where),
    db
      .select({ day: createdDay, ...groupFigures })
      .from(orders)
      .where(where)
      .groupBy(createdDay)
      .orderBy(desc(createdDay))
      .limit(TOTAL_DAYS_MAX),
    db
      .select({ channel: orders.channel, ...groupFigures })
      .from(orders)
      .where(where)
      .groupBy(orders.channel)
      .orderBy(orders.channel),
    db
      .select({
        kind: orders.kind,
        grade: orders.grade,
        day: orders.day,
        cycle: orders.cycle,
        packageId: orders.packageId,
        ...groupFigures,
      })
      .from(orders)
      .where(where)
      .groupBy(orders.kind, orders.grade, orders.day, orders.cycle, orders.packageId),
  ]);
  return { all: all ?? { orders: 0, paidCount: 0, paidFen: 0 }, byDay, byChannel, byPlan };
}

/** Every plan and count pack there is (enabled or not), for the plan filter. */
export async function selectPlanShapes(db: Database) {
  const [planRows, packRows] = await Promise.all([
    db
      .select({ grade: plans.grade, day: plans.day, cycle: plans.hasCycle })
      .from(plans)
      .orderBy(plans.grade, plans.sort, plans.day),
    db
      .select({ id: frequencyPackages.id })
      .from(frequencyPackages)
      .orderBy(frequencyPackages.frequencyType, frequencyPackages.sort),
  ]);
  return { planRows, packRows };
}

/** Agreements that charge each period or wait to be unsigned at the vendor. */
const inForce = inArray(paymentAgreements.status, ['active', 'ending']);

/**
 * A page of the 连续包月 agreements in force, newest first, with their plan's grade and when the first
 * period was paid (the agreement is signed with it: its id is `A` and the first order's id).
 */
export async function selectAgreementsInForce(db: Database, offset: number, limit: number) {
  return countedPage(
    limit,
    () =>
      db
        .select({
          id: paymentAgreements.id,
          userId: paymentAgreements.userId,
          status: paymentAgreements.status,
          cycleAmountFen: paymentAgreements.cycleAmountFen,
          nextChargeOn: paymentAgreements.nextChargeOn,
          grade: plans.grade,
          signedAt: orders.paidAt,
        })
        .from(paymentAgreements)
        .leftJoin(plans, eq(plans.id, paymentAgreements.planId))
        .leftJoin(orders, eq(orders.id, sql`substr(${paymentAgreements.id}, 2)`))
        .where(inForce)
        .orderBy(desc(paymentAgreements.createdAt), desc(paymentAgreements.id))
        .offset(offset)
        .limit(limit),
    db.select({ total: count() }).from(paymentAgreements).where(inForce),
  );
}

/**
 * Orders created in [from, to) that a vendor may know (a QR was asked for), oldest first, at most `limit`;
 * with `orderId`, only that one.
 */
export async function selectOrdersToReconcile(
  db: Database,
  options: { from: Date; to: Date; limit: number; orderId?: string },
) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, options.from),
        lt(orders.createdAt, options.to),
        isNotNull(orders.channel),
        options.orderId === undefined ? undefined : eq(orders.id, options.orderId),
      ),
    )
    .orderBy(orders.createdAt, orders.id)
    .limit(options.limit);
}
