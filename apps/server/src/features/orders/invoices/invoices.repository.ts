import { and, asc, desc, eq, gt, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invoiceOrders, invoices, invoiceTitles, orders } from '../../../db/schema';
import { selectPage } from '../../../lib/select-page';

/*
 * Invoices, the orders they cover and the saved titles. An order is covered by at most one invoice that
 * is not reddened; requests of one user take turns under an advisory lock so that stays true.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type InvoiceTitleRow = typeof invoiceTitles.$inferSelect;

/** Everything but the two PDFs: what lists and checks read (a PDF is about 90 KB). */
const summary = {
  id: invoices.id,
  userId: invoices.userId,
  kind: invoices.kind,
  titleType: invoices.titleType,
  title: invoices.title,
  taxNo: invoices.taxNo,
  address: invoices.address,
  phone: invoices.phone,
  bankName: invoices.bankName,
  bankAccount: invoices.bankAccount,
  email: invoices.email,
  amountFen: invoices.amountFen,
  status: invoices.status,
  invoiceNo: invoices.invoiceNo,
  failure: invoices.failure,
  redInvoiceNo: invoices.redInvoiceNo,
  redReason: invoices.redReason,
  createdAt: invoices.createdAt,
  issuedAt: invoices.issuedAt,
  reddenedAt: invoices.reddenedAt,
};
export type InvoiceSummary = Omit<InvoiceRow, 'pdf' | 'redPdf'>;

/** The order of every list of invoices. */
const newestFirst = [desc(invoices.createdAt), desc(invoices.id)];

/** Makes the user's invoice requests take turns until the transaction ends. */
export async function lockUserInvoices(tx: Database, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invoices:user:${userId}`}, 0))`);
}

/** Whether an order is covered by an invoice that is not reddened. */
const isCovered = (orderId: typeof orders.id | typeof invoiceOrders.orderId) =>
  sql`exists (select 1 from ${invoiceOrders} inner join ${invoices} on ${invoices.id} = ${invoiceOrders.invoiceId}
    where ${invoiceOrders.orderId} = ${orderId} and ${invoices.status} <> 'reddened')`;

/** The user's paid orders with money paid that no invoice (not reddened) covers, latest paid first. */
export async function selectInvoiceableOrders(db: Database, userId: number) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        gt(orders.payMoneyFen, 0),
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoiceOrders)
            .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
            .where(and(eq(invoiceOrders.orderId, orders.id), ne(invoices.status, 'reddened'))),
        ),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.createdAt));
}

/** The user's orders among the ids, each with whether an invoice (not reddened) covers it. */
export async function selectUserOrdersForInvoice(db: Database, userId: number, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orders.id,
      status: orders.status,
      payMoneyFen: orders.payMoneyFen,
      covered: sql<boolean>`${isCovered(orders.id)}`.mapWith(Boolean),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, orderIds)));
}

/** Records an invoice and the orders it covers. */
export async function insertInvoice(tx: Database, values: NewInvoice, orderIds: string[]): Promise<InvoiceSummary> {
  const [row] = await tx.insert(invoices).values(values).returning(summary);
  await tx.insert(invoiceOrders).values(orderIds.map((orderId) => ({ invoiceId: values.id, orderId })));
  return row!;
}

export async function findInvoiceTitle(db: Database, userId: number) {
  const [row] = await db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).limit(1);
  return row;
}

/** Saves the title the user last asked for, replacing the one before. */
export async function saveInvoiceTitle(db: Database, values: Omit<typeof invoiceTitles.$inferInsert, 'updatedAt'>) {
  const { userId, ...fields } = values;
  await db
    .insert(invoiceTitles)
    .values(values)
    .onConflictDoUpdate({ target: invoiceTitles.userId, set: { ...fields, updatedAt: new Date() } });
}

export async function findInvoice(db: Database, id: string): Promise<InvoiceSummary | undefined> {
  const [row] = await db.select(summary).from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** An invoice with its PDFs. */
export async function findInvoiceFiles(db: Database, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** The user's invoices, newest first, one page. */
export function selectUserInvoices(db: Database, userId: number, offset: number, limit: number) {
  return selectPage(db, invoices, {
    columns: summary,
    where: eq(invoices.userId, userId),
    orderBy: newestFirst,
    offset,
    limit,
  });
}

/** Invoices of any user, newest first, optionally of one status (the operators' list). */
export function selectInvoices(db: Database, status: string | undefined, offset: number, limit: number) {
  const where = status ? eq(invoices.status, status) : undefined;
  return selectPage(db, invoices, { columns: summary, where, orderBy: newestFirst, offset, limit });
}

/** The order ids of each invoice. */
export async function selectInvoiceOrderIds(db: Database, invoiceIds: string[]) {
  const byInvoice = new Map<string, string[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceOrders)
    .where(inArray(invoiceOrders.invoiceId, invoiceIds))
    .orderBy(asc(invoiceOrders.orderId));
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row.orderId]);
  return byInvoice;
}

/** The user's invoice (not reddened) covering an order, if any. */
export async function findUserInvoiceByOrder(db: Database, userId: number, orderId: string) {
  const [row] = await db
    .select(summary)
    .from(invoices)
    .innerJoin(invoiceOrders, eq(invoiceOrders.invoiceId, invoices.id))
    .where(and(eq(invoiceOrders.orderId, orderId), eq(invoices.userId, userId), ne(invoices.status, 'reddened')))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return row;
}

/** The orders an invoice covers, in the order they were paid: its item lines. */
export async function selectCoveredOrders(db: Database, invoiceId: string) {
  return db
    .select({ order: orders })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(eq(invoiceOrders.invoiceId, invoiceId))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .then((rows) => rows.map((row) => row.order));
}

/**
 * Moves an invoice on from one of the given statuses; undefined when it was in none of them (another
 * worker or operator got there first), so each transition happens once.
 */
export async function updateInvoiceFrom(
  db: Database,
  id: string,
  from: readonly string[],
  values: Partial<NewInvoice>,
): Promise<InvoiceSummary | undefined> {
  const [row] = await db
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.id, id), inArray(invoices.status, [...from])))
    .returning(summary);
  return row;
}
