import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keywordDetailViews, searchHistory } from '../../db/schema';

/** 注销账号: the account's search history and the keyword pages it opened go. Idempotent. */
export async function eraseKeywordHistoryOf(db: Database, userId: number): Promise<void> {
  await db.delete(searchHistory).where(eq(searchHistory.userId, userId));
  await db.delete(keywordDetailViews).where(eq(keywordDetailViews.userId, userId));
}
