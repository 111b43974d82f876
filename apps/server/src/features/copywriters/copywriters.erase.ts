import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { copywriterWorks } from '../../db/schema';

/** 注销账号: the account's AI 文案 history (历史文案) goes. Idempotent. */
export async function eraseCopywriterWorksOf(db: Database, userId: number): Promise<void> {
  await db.delete(copywriterWorks).where(eq(copywriterWorks.userId, userId));
}
