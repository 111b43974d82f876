import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { writingWorks } from '../../db/schema';

/** 注销账号: the account's AI 创作 history goes. Idempotent. */
export async function eraseWritingOf(db: Database, userId: number): Promise<void> {
  await db.delete(writingWorks).where(eq(writingWorks.userId, userId));
}
