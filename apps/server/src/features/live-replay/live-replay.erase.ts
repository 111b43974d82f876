import { rm } from 'node:fs/promises';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveReplays } from '../../db/schema';

/**
 * 注销账号: the account's live replays go, with any uploaded recording still on disk. The files go
 * before the rows, so an erasure cut short finds them again when it resumes. Idempotent.
 */
export async function eraseLiveReplaysOf(db: Database, userId: number): Promise<void> {
  const withFiles = await db
    .select({ filePath: liveReplays.filePath })
    .from(liveReplays)
    .where(and(eq(liveReplays.userId, userId), isNotNull(liveReplays.filePath)));
  for (const { filePath } of withFiles) if (filePath) await rm(filePath, { force: true });
  await db.delete(liveReplays).where(eq(liveReplays.userId, userId));
}
