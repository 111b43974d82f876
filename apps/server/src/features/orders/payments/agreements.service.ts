import type { CycleInfo } from '@dso/contract';
import { CYCLE_PERIOD_DAYS, normalizeGrade } from '@dso/domain';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { paymentAgreements } from '../../../db/schema';
import type { PaymentRequest, RecurringRequest } from '../../../providers/payment/index';
import { newOrderId, shanghaiDay } from '../order-ids';
import { findOrder, insertOrder, type OrderRow } from '../orders.repository';
import { findPlanById } from '../plans/plans.repository';
import { applyPayment } from './apply-payment.service';
import { notifyUrlOf, type PaymentContext } from './payment-context';

/*
 * 周期扣款 for the continuous monthly plan (001 §9: it renews at cycle_price and extends 30 days):
 * the first period's payment signs the agreement, each later period is charged the day before the
 * membership would end, and the member can cancel.
 */

const DAY_MS = 86_400_000;
const agreementIdOf = (order: OrderRow) => `A${order.id}`;
const chargeDayBefore = (endsAt: Date) => shanghaiDay(new Date(endsAt.getTime() - DAY_MS));

/** The signing request of a continuous plan's first order; records the agreement as signing. */
export async function recurringRequestOf(
  context: PaymentContext,
  order: OrderRow,
  request: PaymentRequest,
): Promise<RecurringRequest> {
  const id = agreementIdOf(order);
  const cycleAmountFen = order.cyclePriceFen ?? order.payMoneyFen;
  await context.db
    .insert(paymentAgreements)
    .values({
      id,
      userId: order.userId,
      planId: order.planId ?? 0,
      provider: context.providers.payment.alipay.provider,
      periodDays: CYCLE_PERIOD_DAYS,
      cycleAmountFen,
    })
    .onConflictDoNothing();
  const end = order.grantEndsAt ?? new Date(Date.now() + CYCLE_PERIOD_DAYS * DAY_MS);
  return {
    ...request,
    externalAgreementNo: id,
    periodDays: CYCLE_PERIOD_DAYS,
    cycleAmountFen,
    firstChargeDate: chargeDayBefore(end),
  };
}

/**
 * The agreement of a continuous plan's first order becomes active once both have happened, in
 * either order: the first period is paid, and Alipay has reported the signed agreement number (with
 * the payment, or in its own dut_user_sign notice). Charges start the day before the period ends.
 */
export async function activateAgreement(context: PaymentContext, order: OrderRow, agreementNo?: string) {
  const paid = (await findOrder(context.db, order.id)) ?? order;
  const id = agreementIdOf(paid);
  if (agreementNo) {
    await context.db.update(paymentAgreements).set({ agreementNo }).where(eq(paymentAgreements.id, id));
  }
  if (paid.status !== 'paid' || !paid.grantEndsAt) return;
  await context.db
    .update(paymentAgreements)
    .set({ status: 'active', nextChargeOn: chargeDayBefore(paid.grantEndsAt) })
    .where(
      and(
        eq(paymentAgreements.id, id),
        eq(paymentAgreements.status, 'signing'),
        isNotNull(paymentAgreements.agreementNo),
      ),
    );
}

/** Alipay's signing notice (dut_user_sign) for our agreement id: activates it if the first period is paid. */
export async function recordAgreementSigned(context: PaymentContext, externalAgreementNo: string, agreementNo: string) {
  if (!externalAgreementNo.startsWith('A')) return;
  const order = await findOrder(context.db, externalAgreementNo.slice(1));
  if (order) await activateAgreement(context, order, agreementNo);
}

/** Alipay says the agreement ended (the payer cancelled it in Alipay): no more charges. */
export async function endAgreementByVendor(context: PaymentContext, agreementNo: string, now: Date) {
  await context.db
    .update(paymentAgreements)
    .set({ status: 'ended', endedAt: now })
    .where(eq(paymentAgreements.agreementNo, agreementNo));
}

/** `order/cycle_info`: the caller's active 连续包月 (the latest, should there be several), or null. */
export async function findCycleInfo(context: Pick<PaymentContext, 'db'>, userId: number): Promise<CycleInfo> {
  const [agreement] = await context.db
    .select()
    .from(paymentAgreements)
    .where(and(eq(paymentAgreements.userId, userId), eq(paymentAgreements.status, 'active')))
    .orderBy(desc(paymentAgreements.createdAt))
    .limit(1);
  if (!agreement) return null;
  const plan = await findPlanById(context.db, agreement.planId);
  return {
    grade: normalizeGrade(plan?.grade),
    cycle_price: agreement.cycleAmountFen,
    period_days: agreement.periodDays,
    next_charge_date: agreement.nextChargeOn,
  };
}

/** `order/cancel_cycle`: the member ends their continuous plan; the paid period runs to its end. */
export async function cancelCycle(context: PaymentContext, userId: number, now: Date) {
  const active = await context.db
    .select()
    .from(paymentAgreements)
    .where(and(eq(paymentAgreements.userId, userId), eq(paymentAgreements.status, 'active')));
  for (const agreement of active) {
    if (agreement.agreementNo) await context.providers.payment.alipay.cancelAgreement(agreement.agreementNo);
    await context.db
      .update(paymentAgreements)
      .set({ status: 'ended', endedAt: now })
      .where(eq(paymentAgreements.id, agreement.id));
  }
  return { cancelled: active.length };
}

/**
 * Charges every active agreement due today or earlier (Asia/Shanghai): one order per agreement and
 * period (its rand_tag names both, so a re-run charges nothing twice), paid through the agreement,
 * applied like any payment, then the next charge date moves one period on.
 */
export async function chargeDueAgreements(context: PaymentContext, now: Date) {
  const today = shanghaiDay(now);
  const due = await context.db
    .select()
    .from(paymentAgreements)
    .where(and(eq(paymentAgreements.status, 'active'), lte(paymentAgreements.nextChargeOn, today)));
  let charged = 0;
  for (const agreement of due) {
    if (!agreement.agreementNo || !agreement.nextChargeOn) continue;
    const gateway = context.providers.payment.alipay;
    const first = await findOrder(context.db, agreement.id.slice(1));
    const order = await insertOrder(context.db, {
      id: newOrderId('membership', now),
      userId: agreement.userId,
      kind: 'membership',
      planId: agreement.planId,
      grade: first?.grade ?? 'VIP',
      day: agreement.periodDays,
      cycle: true,
      priceFen: agreement.cycleAmountFen,
      payMoneyFen: agreement.cycleAmountFen,
      cyclePriceFen: agreement.cycleAmountFen,
      randTag: `cycle:${agreement.id}:${agreement.nextChargeOn}`,
      agreementId: agreement.id,
      channel: 'alipay',
      provider: gateway.provider,
      expiresAt: new Date(now.getTime() + DAY_MS),
    });
    if (order.status === 'pending') {
      const state = await gateway
        .chargeAgreement({
          agreementNo: agreement.agreementNo,
          outTradeNo: order.id,
          amountFen: order.payMoneyFen,
          subject: 'DSO 连续包月',
          notifyUrl: notifyUrlOf(context, gateway),
        })
        .catch((error: unknown) => {
          context.log.warn({ agreementId: agreement.id, error: String(error) }, 'recurring charge failed');
          return null;
        });
      if (state?.state !== 'paid') continue;
      await applyPayment(
        context.db,
        {
          orderId: order.id,
          amountFen: state.amountFen,
          vendorTradeNo: state.vendorTradeNo,
          paidAt: state.paidAt,
          provider: gateway.provider,
          source: 'charge',
        },
        now,
      );
    }
    const paid = await findOrder(context.db, order.id);
    if (paid?.status !== 'paid' || !paid.grantEndsAt) continue;
    await context.db
      .update(paymentAgreements)
      .set({ nextChargeOn: chargeDayBefore(paid.grantEndsAt) })
      .where(eq(paymentAgreements.id, agreement.id));
    charged += 1;
  }
  return charged;
}
