import type { CycleInfo } from '@dso/contract';
import { CYCLE_PERIOD_DAYS, type Grade, normalizeGrade, shanghaiDay } from '@dso/domain';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentAgreements } from '../../../db/schema';
import { type PaymentRequest, PaymentVendorError, type RecurringRequest } from '../../../providers/payment/index';
import { newOrderId } from '../order-ids';
import { findOrder, insertOrder, type OrderRow } from '../orders.repository';
import { findPlanById } from '../plans/plans.repository';
import {
  findActiveAgreement,
  markAgreementEnded,
  markAgreementsEnding,
  selectEndingAgreements,
} from './agreements.repository';
import { applyPayment } from './apply-payment.service';
import { notifyUrlOf, type PaymentContext } from './payment-context';

/** What ending agreements needs: the database, the Alipay gateway that unsigns them, a log. */
export type AgreementContext = Pick<PaymentContext, 'db' | 'providers' | 'log'>;

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
 * A number reported for an agreement already ended here (an upgrade or a cancel came first, before
 * the vendor had one to unsign) is unsigned at once.
 */
export async function activateAgreement(context: AgreementContext, order: OrderRow, agreementNo?: string) {
  const paid = (await findOrder(context.db, order.id)) ?? order;
  const id = agreementIdOf(paid);
  if (agreementNo) {
    const [signed] = await context.db
      .update(paymentAgreements)
      .set({
        agreementNo,
        status: sql`case when ${paymentAgreements.status} = 'ended' and ${paymentAgreements.agreementNo} is null then 'ending' else ${paymentAgreements.status} end`,
      })
      .where(eq(paymentAgreements.id, id))
      .returning();
    if (signed?.status === 'ending') await unsignEndingAgreements(context, signed.userId);
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
export async function recordAgreementSigned(
  context: AgreementContext,
  externalAgreementNo: string,
  agreementNo: string,
) {
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
  const agreement = await findActiveAgreement(context.db, userId);
  if (!agreement) return null;
  const plan = await findPlanById(context.db, agreement.planId);
  return {
    grade: normalizeGrade(plan?.grade),
    cycle_price: agreement.cycleAmountFen,
    period_days: agreement.periodDays,
    next_charge_date: agreement.nextChargeOn,
  };
}

/**
 * The grade of the caller's active 连续包月 that buying `grade` would end (an upgrade, or any change
 * of grade, replaces the running membership and its renewal with it), or null. The pay box says so
 * before payment.
 */
export async function cycleEndedByBuying(db: Database, userId: number, runningGrade: Grade, grade: Grade) {
  if (runningGrade === 'FREE' || runningGrade === grade) return null;
  const agreement = await findActiveAgreement(db, userId);
  if (!agreement) return null;
  const plan = await findPlanById(db, agreement.planId);
  const cycleGrade = normalizeGrade(plan?.grade);
  return cycleGrade === grade ? null : cycleGrade;
}

/**
 * Ends the user's running 连续包月 (every agreement signing or active): from now on nothing is charged,
 * and each is unsigned at the vendor (Alipay `alipay.user.agreement.unsign`); one the vendor cannot
 * unsign now is tried again by the orders.maintain job. Periods already paid run to their end. This is
 * `order/cancel_cycle`, and what closing an account calls. Answers how many agreements it ended.
 */
export async function endRunningAgreement(context: AgreementContext, userId: number, now: Date) {
  const ended = await markAgreementsEnding(context.db, { userId, now });
  await unsignEndingAgreements(context, userId);
  return { cancelled: ended.length };
}

/** Vendor answers meaning there is no agreement left to unsign (it was unsigned before, or never signed). */
const nothingToUnsign = /ALREADY_UNSIGN|NOT_EXIST/;

/**
 * Unsigns at the vendor the agreements ended here (`ending`): one user's right after what ended them,
 * everyone's from the maintenance job. One without a vendor number was never signed there: it is
 * simply ended (a number reported later unsigns it, see activateAgreement). A vendor failure leaves it
 * `ending` for the next round; it charges nothing meanwhile. Answers how many were settled.
 */
export async function unsignEndingAgreements(context: AgreementContext, userId?: number) {
  let settled = 0;
  for (const agreement of await selectEndingAgreements(context.db, userId)) {
    if (agreement.agreementNo) {
      try {
        await context.providers.payment.alipay.cancelAgreement(agreement.agreementNo);
      } catch (error) {
        const code = error instanceof PaymentVendorError ? error.vendorCode : String(error);
        if (!nothingToUnsign.test(code)) {
          context.log.warn({ agreementId: agreement.id, code }, 'unsigning the agreement at the vendor failed');
          continue;
        }
      }
    }
    await markAgreementEnded(context.db, agreement.id);
    settled += 1;
  }
  return settled;
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
