import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { extractions } from '../../db/schema';

/** 注销账号: the account's copy-extraction history goes (a pending batch item with it). Idempotent. */
export async function eraseExtractionsOf(db: Database, userId: number): Promise<void> {
  await db.delete(extractions).where(eq(extractions.userId, userId));
}
