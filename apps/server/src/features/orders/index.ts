/**
 * What the orders feature offers other features. (Orders reads accounts through the auth feature, so
 * a feature that orders imports cannot import this back; wire such a call where both are registered.)
 */
/** The console's 套餐与卡券: plans, coupons, card batches and packs, each change answering before and after. */
export {
  type CardBatchSummary,
  type Change,
  cardBatchExists,
  changePackage,
  changePlan,
  changePlanEnabled,
  createCards,
  createCouponKind,
  createPackage,
  createPlan,
  grantCouponToPhones,
  listCardBatches,
  listCards,
  listCouponKinds,
  listPackages,
  listPlans,
} from './admin/orders-admin.service';
export { eraseInvoiceContactsOf } from './invoices/invoices.erase';
export type { InvoiceSummary } from './invoices/invoices.repository';
/** The operator's console (发票): the queue, issuing, uploads, 红冲 and retries, each recorded by the caller. */
export {
  findStaffInvoice,
  issueWaitingInvoice,
  listAllInvoices,
  type RecordInvoiceChange,
  recordUploadedInvoice,
  reddenIssuedInvoice,
  retryFailedInvoice,
} from './invoices/invoices-admin.service';
export { invoiceJobHandlers } from './invoices/issue-invoice.job';
export { invoicePdf } from './invoices/read-invoices.service';
/** The operator's console: a member's orders as 我的订单 lists them, an order's owner, and grants by hand. */
export { findOrderOwner, listOrders as listMemberOrders } from './list/order-list.service';
export { type GrantOptions, type GrantResult, grantMembership } from './membership/membership.service';
export { ordersRoutes } from './orders.routes';
export { ensureDefaultPackages } from './packs/packs.service';
export { type AgreementContext, endRunningAgreement, unsignEndingAgreements } from './payments/agreements.service';
export { orderJobHandlers, scheduleOrdersMaintenance } from './payments/maintenance.job';
export type { PaymentContext } from './payments/payment-context';
export { paymentContext } from './payments/payments.routes';
export { ensureDefaultPlans } from './plans/plans.service';
/** The console's 退款: payments kept for refund, given back through the vendor or marked given back by hand. */
export { listRefundsDue } from './refunds/refund-list.service';
export {
  markRefundedByHand,
  type RefundChange,
  type RefundOutcome,
  type RefundRow,
  refundDuePayment,
} from './refunds/refunds.service';
/** The console's 订单与退款: orders by filters with totals, agreements in force, a day reconciled with the vendors. */
export {
  listAgreementsInForce,
  listPlanChoices,
  listReportOrders,
  type OrderReportQuery,
} from './report/order-report.service';
export { type ReconciledPayment, reconcileDay, settleMissedPayments } from './report/reconcile-day.service';
