import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usageLedger } from '../../db/schema';

/**
 * 注销账号: the ledger's reasons hold what the account searched and wrote about; they are blanked.
 * The rows stay (units charged and given back are the record of what a paid quota was used for),
 * pointing at the anonymised account. Idempotent.
 */
export async function blankUsageReasonsOf(db: Database, userId: number): Promise<void> {
  await db.update(usageLedger).set({ reason: '' }).where(eq(usageLedger.userId, userId));
}
