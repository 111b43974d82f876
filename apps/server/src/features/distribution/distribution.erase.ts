import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { distributionLeads } from '../../db/schema';

/** 注销账号: the 代运营 contact requests the account sent (name, phone, company, address) go. Idempotent. */
export async function eraseDistributionLeadsOf(db: Database, userId: number): Promise<void> {
  await db.delete(distributionLeads).where(eq(distributionLeads.userId, userId));
}
