import {
  type OrderInfo,
  OrderPath,
  SANDBOX_CASHIER_PAGE,
  type SandboxCashierResult,
  type SandboxCashierView,
} from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { membershipCards, orders, permissionUsage, users } from '../db/schema';
import { createCoupon, grantCoupon } from '../features/orders/coupons/coupons.service';
import type { PaymentContext } from '../features/orders/payments/payment-context';
import { getPermissionUse } from '../features/permissions';
import type { TestApp } from './index';

/*
 * Set-up for journeys and tests of buying: a held coupon, a membership card, a used-up daily quota,
 * and the account's grade as the database has it.
 */

/** The fields of an order row a test names; the rest are {@link orderRow}'s. */
type OrderValues = Pick<typeof orders.$inferInsert, 'id' | 'userId' | 'expiresAt'> &
  Partial<typeof orders.$inferInsert>;

/** An order row as the payments would leave it: a paid 个人版 of 30 days at ¥69 through Alipay, unless `values` say otherwise. */
export function orderRow(values: OrderValues): typeof orders.$inferInsert {
  return {
    kind: 'membership',
    grade: 'VIP',
    day: 30,
    priceFen: 6900,
    payMoneyFen: 6900,
    status: 'paid',
    channel: 'alipay',
    ...values,
  };
}

/** Gives a user a coupon of `discountFen` off orders of at least `lowMoneyFen`, valid for a week. */
export async function giveCoupon(
  db: Database,
  userId: number,
  input: { name?: string; discountFen: number; lowMoneyFen?: number },
) {
  const now = Date.now();
  const coupon = await createCoupon(db, {
    name: input.name ?? '新人立减券',
    discountFen: input.discountFen,
    lowMoneyFen: input.lowMoneyFen ?? 0,
    startsAt: new Date(now - 60_000),
    endsAt: new Date(now + 7 * 86_400_000),
  });
  return grantCoupon(db, { couponId: coupon.id, userId });
}

/** A membership card of `grade` for `days` days. */
export async function makeCard(db: Database, input: { code: string; grade: string; days: number }) {
  await db.insert(membershipCards).values({ code: input.code, batch: 'test', grade: input.grade, days: input.days });
  return input.code;
}

/** Marks today's allowance of a daily count as spent (the grade's value, here `used`). */
export async function useUpDailyQuota(db: Database, userId: number, alias: string, used: number) {
  await db
    .insert(permissionUsage)
    .values({ userId, alias, periodKey: shanghaiDay(new Date()), useVal: used })
    .onConflictDoUpdate({
      target: [permissionUsage.userId, permissionUsage.alias, permissionUsage.periodKey],
      set: { useVal: used },
    });
}

/** How much of a count the user has spent in its current period (today's, for a daily one). */
export async function quotaUsed(db: Database, userId: number, alias: string) {
  return (await getPermissionUse(db, userId, alias)).use_val;
}

/** The account's stored grade and its end. */
export async function readGrade(db: Database, userId: number) {
  const [row] = await db
    .select({ grade: users.grade, endsAt: users.gradeEndsAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A user's orders of a status, newest first. */
export async function ordersOf(db: Database, userId: number, status?: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? and(eq(orders.userId, userId), eq(orders.status, status)) : eq(orders.userId, userId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Makes an order lapse now (its 900 s over), to see expiry without waiting. */
export async function lapseOrder(db: Database, orderId: string) {
  await db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));
}

/**
 * Pays (or cancels) an order through the sandbox as a buyer does: the phone opens the Alipay QR's page,
 * which creates the trade and sends it on to the cashier page; the cashier, open in the buyer's
 * browser (their session), shows the trade and its 支付 or 取消 is pressed. Answers what the cashier
 * showed and what the press did.
 */
export async function payAtSandboxCashier(
  t: Pick<TestApp, 'app' | 'request'>,
  token: string,
  orderId: string,
  action: 'pay' | 'cancel' = 'pay',
): Promise<{ shown: SandboxCashierView; result: SandboxCashierResult['state'] }> {
  const page = await t.app.inject({ method: 'GET', url: `${OrderPath.alipayPage}?orderId=${orderId}` });
  if (page.statusCode !== 302) throw new Error(`the Alipay page answered ${page.statusCode}: ${page.body}`);
  const cashier = new URL(page.headers.location as string);
  if (cashier.pathname !== SANDBOX_CASHIER_PAGE) throw new Error(`the QR led to ${cashier.href}`);
  const trade = cashier.searchParams.get('trade') ?? '';
  const shown = (
    await t.request({ method: 'GET', url: `${OrderPath.sandboxCashier}?trade=${encodeURIComponent(trade)}`, token })
  ).json().data as SandboxCashierView;
  const pressed = await t.request({ method: 'POST', url: OrderPath.sandboxCashier, token, body: { trade, action } });
  return { shown, result: (pressed.json().data as SandboxCashierResult).state };
}

let previews = 0;

/** Previews an order as the buyer's page does, with a fresh rand_tag unless `body` gives one; answers the envelope. */
export async function previewOrder(t: Pick<TestApp, 'request'>, token: string, body: Record<string, unknown>) {
  const answer = await t.request({
    method: 'POST',
    url: OrderPath.preview,
    token,
    body: { rand_tag: `preview-${++previews}`, ...body },
  });
  return answer.json();
}

let scans = 0;

/**
 * A VIP order of 30 days whose Alipay QR the buyer's phone has opened, so the sandbox trade exists and
 * waits for the payer; answers the order and the status the QR's page answered (302 to the cashier).
 */
export async function scanNewOrder(t: Pick<TestApp, 'app' | 'request'>, token: string) {
  const answer = await t.request({
    method: 'POST',
    url: OrderPath.preview,
    token,
    body: { grade_enum: 'VIP', day: 30, rand_tag: `scanned-${++scans}` },
  });
  const order = answer.json().data as OrderInfo;
  const page = await t.app.inject({ method: 'GET', url: `${OrderPath.alipayPage}?orderId=${order.order_id}` });
  return { order, pageStatus: page.statusCode };
}

/**
 * Sends `body` as the sandbox cashier's payment notification, signed with the sandbox secret as the
 * cashier signs it, or (`signed` false) with a signature of other text.
 */
export async function notifySandbox(t: Pick<TestApp, 'app'>, body: object, signed = true) {
  const text = JSON.stringify(body);
  const sandbox = t.app.providers.sandboxPayment!;
  return t.app.inject({
    method: 'POST',
    url: OrderPath.notifySandbox,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': await sandbox.sign(signed ? text : `${text} `),
    },
    payload: text,
  });
}

/** The sandbox cashier's notification that `order` was paid in full by the vendor's trade `tradeNo`. */
export function paidNotification(order: Pick<OrderInfo, 'order_id' | 'pay_money'>, tradeNo: string | null) {
  return { out_trade_no: order.order_id, trade_status: 'TRADE_SUCCESS', total_fen: order.pay_money, trade_no: tradeNo };
}

/** What the payment jobs run with (the maintenance job's context), for calling them in tests. */
export function jobPaymentContext(t: Pick<TestApp, 'app' | 'database'>, origin = 'http://localhost'): PaymentContext {
  return {
    db: t.database.db,
    providers: t.app.providers,
    config: { publicUrl: t.app.config.publicUrl },
    log: { info() {}, warn() {}, error() {} },
    origin,
  };
}

/** Noon of a charge day (YYYY-MM-DD, Asia/Shanghai): when the maintenance job charges what is due that day. */
export const noonOf = (day: string | null) => new Date(`${day}T12:00:00+08:00`);
