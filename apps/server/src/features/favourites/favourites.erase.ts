import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { favourites } from '../../db/schema';

/** 注销账号: the account's favourites go. Idempotent. */
export async function eraseFavouritesOf(db: Database, userId: number): Promise<void> {
  await db.delete(favourites).where(eq(favourites.userId, userId));
}
