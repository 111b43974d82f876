import {
  type ConsoleOrdersPage,
  type ConsoleReconcileApplyResult,
  consoleOrderMessages,
  type consoleOrdersQuerySchema,
} from '@dso/contract';
import { isValidPhone } from '@dso/domain';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { findAccountIdByPhone } from '../../account';
import { listReportOrders, type OrderReportQuery, type PaymentContext, settleMissedPayments } from '../../orders';
import { type Actor, recordAudit } from '../audit/audit.service';

/*
 * The orders page (docs/console.md, Orders): the filters as the orders feature takes them, and the one
 * action, settling the payments a day's reconciliation found we missed, each with its audit entry.
 */

/**
 * The orders and totals the filters match. `q` is a member's phone (an unknown one matches nothing) or
 * else an order number; `to` counts through its whole day.
 */
export async function findOrders(
  db: Database,
  query: z.output<typeof consoleOrdersQuerySchema>,
): Promise<ConsoleOrdersPage> {
  const filters: OrderReportQuery = {
    ...(query.from ? { fromDay: query.from } : {}),
    ...(query.to ? { toDay: query.to } : {}),
    ...(query.channel ? { channel: query.channel } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.plan ? { plan: query.plan } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const q = query.q ?? '';
  if (isValidPhone(q)) filters.userId = (await findAccountIdByPhone(db, q)) ?? 0;
  else if (q) filters.orderId = q;
  return listReportOrders(db, filters, query.page_no);
}

/**
 * Settles the payments of `day` (or of its order `orderId`) the vendor took and we missed, one audit
 * entry `order.reconcile` per order in the transaction that settled it. Nothing left to settle (a second
 * run, or a notification came first): 300 没有需要补记的支付.
 */
export async function applyReconciliation(
  context: PaymentContext,
  actor: Actor,
  options: { day: string; orderId?: string; reason: string; now: Date },
): Promise<ConsoleReconcileApplyResult> {
  const settled = await settleMissedPayments(
    context,
    { day: options.day, now: options.now, ...(options.orderId ? { orderId: options.orderId } : {}) },
    (tx, payment) =>
      recordAudit(tx, {
        actor,
        action: 'order.reconcile',
        subject: `order:${payment.orderId}`,
        before: { ...payment.before, user_id: payment.userId },
        after: { ...payment.after, day: options.day },
        reason: options.reason,
      }),
  );
  if (settled.length === 0) throw AppError.toast(consoleOrderMessages.nothingToApply);
  return {
    changed: settled.length,
    applied: settled.map((entry) => ({ order_id: entry.orderId, status: entry.status, audit_id: entry.auditId })),
  };
}
