import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { writingTemplates, writingWorks } from '../../db/schema/writing';
import { savedWorkRows } from '../../lib/owned-rows';
import type { DefaultWritingTemplate } from './default-templates';

/** SQL of AI 创作: the template list and a user's saved works. */

export type WritingTemplateRow = typeof writingTemplates.$inferSelect;
export type WritingWorkRow = typeof writingWorks.$inferSelect;

/** Adds the default templates whose seed key is not there yet; edited or disabled ones stay as they are. */
export async function insertMissingTemplates(db: Database, templates: DefaultWritingTemplate[]) {
  if (templates.length === 0) return;
  await db
    .insert(writingTemplates)
    .values(templates.map(({ form: _form, ...template }, index) => ({ ...template, sort: index })))
    .onConflictDoNothing({ target: writingTemplates.seedKey });
}

/** Enabled templates in display order: by category, then each template's place in it. */
export function selectEnabledTemplates(db: Database): Promise<WritingTemplateRow[]> {
  return db
    .select()
    .from(writingTemplates)
    .where(eq(writingTemplates.enabled, true))
    .orderBy(writingTemplates.categoryId, writingTemplates.sort, writingTemplates.id);
}

export async function findEnabledTemplate(db: Database, id: number): Promise<WritingTemplateRow | null> {
  const [row] = await db
    .select()
    .from(writingTemplates)
    .where(and(eq(writingTemplates.id, id), eq(writingTemplates.enabled, true)));
  return row ?? null;
}

export async function insertWork(db: Database, values: typeof writingWorks.$inferInsert): Promise<WritingWorkRow> {
  const [row] = await db.insert(writingWorks).values(values).returning();
  return row!;
}

/** A user's saved works: found, updated, paged and deleted only as their own. */
export const works = savedWorkRows(writingWorks);
