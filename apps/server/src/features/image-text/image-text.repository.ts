import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type ImageTextImage,
  imageTextSettings,
  imageTextUploads,
  imageTextWorks,
  type StagedWork,
} from '../../db/schema';
import { findOwnedRow, takeOwnedRow } from '../../lib/owned-rows';
import { findRowByKey } from '../../lib/row-by-key';
import { selectPage } from '../../lib/select-page';

/** AI 图文's tables; nothing else touches them. */

export type WorkRow = typeof imageTextWorks.$inferSelect;
export type UploadRow = typeof imageTextUploads.$inferSelect;
export type SettingsRow = typeof imageTextSettings.$inferSelect;
type WorkInsert = typeof imageTextWorks.$inferInsert;

export async function insertWorks(db: Database, rows: WorkInsert[]): Promise<WorkRow[]> {
  if (rows.length === 0) return [];
  return db.insert(imageTextWorks).values(rows).returning();
}

export function findWork(db: Database, userId: number, id: number): Promise<WorkRow | null> {
  return findOwnedRow(db, imageTextWorks, userId, id);
}

/** A work by id alone, for the job that makes it. */
export async function findWorkById(db: Database, id: number): Promise<WorkRow | null> {
  return (await findRowByKey(db, imageTextWorks, imageTextWorks.id, id)) ?? null;
}

export async function selectWorks(
  db: Database,
  userId: number,
  filter: { source?: WorkRow['source']; batchId?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: WorkRow[]; total: number }> {
  const where = and(
    eq(imageTextWorks.userId, userId),
    filter.source ? eq(imageTextWorks.source, filter.source) : undefined,
    filter.batchId ? eq(imageTextWorks.batchId, filter.batchId) : undefined,
  );
  return selectPage(db, imageTextWorks, { where, orderBy: [desc(imageTextWorks.id)], ...page });
}

/** Updates a work's fields (and its update time); the row after, or null when it is gone. */
export async function updateWork(
  db: Database,
  id: number,
  values: Partial<Omit<WorkInsert, 'id' | 'userId'>>,
  onlyIfStatus?: WorkRow['status'],
): Promise<WorkRow | null> {
  const [row] = await db
    .update(imageTextWorks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(imageTextWorks.id, id), onlyIfStatus ? eq(imageTextWorks.status, onlyIfStatus) : undefined))
    .returning();
  return row ?? null;
}

/** Adds one picture to a drawing work, unless it is already there (a retried job). */
export async function appendImage(db: Database, id: number, image: ImageTextImage): Promise<void> {
  await db.execute(sql`
    UPDATE image_text_works SET images = images || ${JSON.stringify([image])}::jsonb, updated_at = now()
    WHERE id = ${id} AND status = 'drawing' AND NOT images @> ${JSON.stringify([image])}::jsonb`);
}

/** Deletes a user's work; the row deleted (was it charged?), or null. */
export function deleteWork(db: Database, userId: number, id: number): Promise<WorkRow | null> {
  return takeOwnedRow(db, imageTextWorks, userId, id);
}

export async function deleteWorkById(db: Database, id: number): Promise<void> {
  await db.delete(imageTextWorks).where(eq(imageTextWorks.id, id));
}

export async function findSettings(db: Database, userId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(imageTextSettings).where(eq(imageTextSettings.userId, userId));
  return row ?? null;
}

export async function upsertSettings(db: Database, row: typeof imageTextSettings.$inferInsert): Promise<void> {
  const { userId: _userId, ...values } = row;
  await db
    .insert(imageTextSettings)
    .values(row)
    .onConflictDoUpdate({ target: imageTextSettings.userId, set: { ...values, updatedAt: new Date() } });
}

export async function insertUpload(
  db: Database,
  row: { id: string; userId: number; fileName: string; sizeBytes: number; works: StagedWork[] },
): Promise<void> {
  await db.insert(imageTextUploads).values({ ...row, workCount: row.works.length, status: 'parsed' });
}

export async function findUpload(db: Database, userId: number, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(imageTextUploads)
    .where(and(eq(imageTextUploads.userId, userId), eq(imageTextUploads.id, id)));
  return row ?? null;
}

/**
 * The template step's claim and works, in one transaction: marks the upload applied with `count`
 * works (only from 'parsed', so a repeated step adds nothing) and inserts them. Null when another
 * step claimed it first.
 */
export async function applyUpload(
  db: Database,
  upload: UploadRow,
  count: number,
): Promise<Array<{ index: number; work: WorkRow }> | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(imageTextUploads)
      .set({ status: 'applied', appliedCount: count })
      .where(and(eq(imageTextUploads.id, upload.id), eq(imageTextUploads.status, 'parsed')))
      .returning({ id: imageTextUploads.id });
    if (claimed.length === 0) return null;
    const staged = upload.works.slice(0, count);
    const rows = await insertWorks(
      tx,
      staged.map((work) => ({
        userId: upload.userId,
        source: 'upload' as const,
        uploadId: upload.id,
        title: work.title,
        body: work.body,
        images: work.images,
        imagesTotal: work.images.length,
        status: 'done' as const,
        charged: true,
      })),
    );
    return rows.map((work, index) => ({ index, work }));
  });
}

/** Drops archives parsed before `before` whose template step never ran; their ids, to remove their staged pictures. */
export async function deleteStaleUploads(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .delete(imageTextUploads)
    .where(and(eq(imageTextUploads.status, 'parsed'), lt(imageTextUploads.createdAt, before)))
    .returning({ id: imageTextUploads.id });
  return rows.map((row) => row.id);
}
