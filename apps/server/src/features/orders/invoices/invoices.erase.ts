import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invoices, invoiceTitles } from '../../../db/schema';

/**
 * 注销账号: invoices stay, as the seller's accounting records the law has it keep (发票管理办法,
 * 会计档案管理办法): number, amounts, dates, the buyer's title and tax number as printed, the PDF. What
 * only served to reach the buyer goes: the delivery email on each invoice and the saved title the next
 * request would have reused. Idempotent.
 */
export async function eraseInvoiceContactsOf(db: Database, userId: number): Promise<void> {
  await db.update(invoices).set({ email: null }).where(eq(invoices.userId, userId));
  await db.delete(invoiceTitles).where(eq(invoiceTitles.userId, userId));
}
