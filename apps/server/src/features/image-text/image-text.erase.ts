import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { imageTextSettings, imageTextUploads, imageTextWorks } from '../../db/schema';
import { imageTextStorage, removePath } from './image-text.storage';

/**
 * 注销账号: the account's AI 图文 works with their pictures under DATA_DIR, its parsed archives with
 * their staged pictures, and its card settings. Files go before rows, so an erasure cut short finds
 * them again when it resumes. Idempotent.
 */
export async function eraseImageTextOf(db: Database, dataDir: string, userId: number): Promise<void> {
  const storage = imageTextStorage(dataDir);
  const works = await db
    .select({ id: imageTextWorks.id })
    .from(imageTextWorks)
    .where(eq(imageTextWorks.userId, userId));
  for (const work of works) await removePath(storage.workFolder(work.id));
  const uploads = await db
    .select({ id: imageTextUploads.id })
    .from(imageTextUploads)
    .where(eq(imageTextUploads.userId, userId));
  for (const upload of uploads) await removePath(storage.stagedFolder(upload.id));
  await db.delete(imageTextWorks).where(eq(imageTextWorks.userId, userId));
  await db.delete(imageTextUploads).where(eq(imageTextUploads.userId, userId));
  await db.delete(imageTextSettings).where(eq(imageTextSettings.userId, userId));
}
