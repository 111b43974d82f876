import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { publishingAccounts, publishingMedia, publishingOauthStates, publishingPosts } from '../../db/schema';
import { mediaRoot } from './media.service';

/**
 * 注销账号: the Douyin accounts the user authorised (their tokens and platform ids), authorisations
 * under way, posts with their deliveries, and uploaded media with their files under DATA_DIR go. The
 * platform has no revocation call for web applications (accounts.service.ts); its 授权管理 lists
 * the app until the user removes it there. Files go before rows, so an erasure cut short finds them
 * again when it resumes. Idempotent.
 */
export async function erasePublishingOf(db: Database, dataDir: string, userId: number): Promise<void> {
  const media = await db
    .select({ storageKey: publishingMedia.storageKey })
    .from(publishingMedia)
    .where(eq(publishingMedia.userId, userId));
  // Each file by the path it was stored at (absolute, in case DATA_DIR moved since), then the folder.
  for (const { storageKey } of media) await rm(storageKey, { force: true });
  await rm(path.join(mediaRoot(dataDir), String(userId)), { recursive: true, force: true });
  await db.delete(publishingMedia).where(eq(publishingMedia.userId, userId));
  // Deliveries go with their posts and their accounts (cascade).
  await db.delete(publishingPosts).where(eq(publishingPosts.userId, userId));
  await db.delete(publishingAccounts).where(eq(publishingAccounts.userId, userId));
  await db.delete(publishingOauthStates).where(eq(publishingOauthStates.userId, userId));
}
