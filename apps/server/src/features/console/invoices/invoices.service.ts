import {
  CONSOLE_INVOICE_PAGE_SIZE,
  type ConsoleAction,
  type ConsoleInvoice,
  type ConsoleInvoiceActionResult,
  type ConsoleInvoicePage,
  type InvoiceStatus,
} from '@dso/contract';
import type { Database } from '../../../db/client';
import type { InvoiceProvider } from '../../../providers/invoice/index';
import { findAccountPhones } from '../../account';
import {
  findStaffInvoice,
  type InvoiceSummary,
  issueWaitingInvoice,
  listAllInvoices,
  type RecordInvoiceChange,
  recordUploadedInvoice,
  reddenIssuedInvoice,
  retryFailedInvoice,
} from '../../orders';
import { type Actor, recordAudit } from '../audit/audit.service';

/**
 * The 发票 page (docs/console.md, "Invoices"): the queue of every member's requests and what staff do with
 * them, through the orders feature, each change audited in its own transaction.
 */

export interface InvoiceDeps {
  db: Database;
  /** Null when invoices are issued by hand (INVOICE_PROVIDER=manual). */
  provider: InvoiceProvider | null;
}

/** What the audit log keeps of an invoice before and after a change (never its files). */
const stateOf = (invoice: InvoiceSummary) => ({
  status: invoice.status,
  invoice_no: invoice.invoiceNo,
  red_invoice_no: invoice.redInvoiceNo,
  failure: invoice.failure,
});

/** The recorder of one action: its audit entry, written in the change's transaction. */
function auditing(actor: Actor, action: ConsoleAction, reason: string): RecordInvoiceChange {
  return (tx, { before, after }) =>
    recordAudit(tx, {
      actor,
      action,
      subject: `invoice:${after.id}`,
      before: stateOf(before),
      after: { ...stateOf(after), user_id: after.userId, amount: after.amountFen },
      reason,
    });
}

/** Each invoice with its member's phone (null once the account is gone). */
async function withPhones<Row extends { user_id: number }>(db: Database, rows: Row[]) {
  const phones = await findAccountPhones(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => ({ ...row, member_phone: phones.get(row.user_id) ?? null }));
}

/** A page of the queue, newest first. */
export async function listInvoiceQueue(
  deps: InvoiceDeps,
  query: { status?: InvoiceStatus | undefined; page_no: number },
): Promise<ConsoleInvoicePage> {
  const page = await listAllInvoices(deps.db, query.status, query.page_no, CONSOLE_INVOICE_PAGE_SIZE);
  return { list: await withPhones(deps.db, page.list), total: page.total, manual: deps.provider === null };
}

async function answer(db: Database, id: string, auditId: number): Promise<ConsoleInvoiceActionResult> {
  const [invoice] = await withPhones(db, [await findStaffInvoice(db, id)]);
  return { invoice: invoice as ConsoleInvoice, audit_id: auditId };
}

/** 开具: a waiting request issued now through the provider (invoice.issue). */
export async function issueInvoice(deps: InvoiceDeps, actor: Actor, input: { id: string; reason: string }) {
  const auditId = await issueWaitingInvoice(deps, input.id, auditing(actor, 'invoice.issue', input.reason));
  return answer(deps.db, input.id, auditId);
}

/** 红冲 through the provider (invoice.redden); the reason is the red invoice's 红冲原因 too. */
export async function reddenInvoice(deps: InvoiceDeps, actor: Actor, input: { id: string; reason: string }) {
  const auditId = await reddenIssuedInvoice(deps, input, auditing(actor, 'invoice.redden', input.reason));
  return answer(deps.db, input.id, auditId);
}

/** 重试: a failed invoice queued for issuing again (invoice.retry). */
export async function retryInvoice(deps: InvoiceDeps, actor: Actor, input: { id: string; reason: string }) {
  const auditId = await retryFailedInvoice(deps, input.id, auditing(actor, 'invoice.retry', input.reason));
  return answer(deps.db, input.id, auditId);
}

/** 上传: the PDF issued by hand; the blue one issues (invoice.upload), a red one reddens (invoice.redden). */
export async function uploadInvoice(
  deps: InvoiceDeps,
  actor: Actor,
  input: { id: string; invoiceNo: string; pdf: Buffer; red: boolean; reason: string },
) {
  const action = input.red ? 'invoice.redden' : 'invoice.upload';
  const auditId = await recordUploadedInvoice(deps.db, input, auditing(actor, action, input.reason));
  return answer(deps.db, input.id, auditId);
}
