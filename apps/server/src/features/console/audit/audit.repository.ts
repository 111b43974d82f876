import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { consoleAuditLog } from '../../../db/schema';
import { selectPage } from '../../../lib/select-page';

export type AuditRow = typeof consoleAuditLog.$inferSelect;

/** Appends one entry; the table refuses any other write (migration 0028's trigger). */
export async function insertAudit(db: Database, values: typeof consoleAuditLog.$inferInsert): Promise<AuditRow> {
  const [row] = await db.insert(consoleAuditLog).values(values).returning();
  return row!;
}

/**
 * The entry of an action (on a subject, when given) whose `after` contains `after` (jsonb containment), if any.
 */
export async function findAuditContaining(db: Database, entry: { action: string; subject?: string; after: object }) {
  const [row] = await db
    .select()
    .from(consoleAuditLog)
    .where(
      and(
        entry.subject === undefined ? undefined : eq(consoleAuditLog.subject, entry.subject),
        eq(consoleAuditLog.action, entry.action),
        sql`${consoleAuditLog.after} @> ${JSON.stringify(entry.after)}::jsonb`,
      ),
    )
    .limit(1);
  return row;
}

export interface AuditFilter {
  staffId?: number;
  subject?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

/** A page of entries matching the filter, newest first, and how many match. */
export async function selectAudit(db: Database, filter: AuditFilter, offset: number, limit: number) {
  const conditions: SQL[] = [];
  if (filter.staffId !== undefined) conditions.push(eq(consoleAuditLog.staffId, filter.staffId));
  if (filter.action !== undefined) conditions.push(eq(consoleAuditLog.action, filter.action));
  if (filter.subject !== undefined) conditions.push(eq(consoleAuditLog.subject, filter.subject));
  if (filter.from) conditions.push(gte(consoleAuditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(consoleAuditLog.createdAt, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  return selectPage(db, consoleAuditLog, {
    where,
    orderBy: [desc(consoleAuditLog.createdAt), desc(consoleAuditLog.id)],
    offset,
    limit,
  });
}

/** The entries of an action on any of the subjects, oldest first. */
export async function selectAuditOfSubjects(db: Database, action: string, subjects: string[]): Promise<AuditRow[]> {
  if (subjects.length === 0) return [];
  return db
    .select()
    .from(consoleAuditLog)
    .where(and(eq(consoleAuditLog.action, action), inArray(consoleAuditLog.subject, subjects)))
    .orderBy(consoleAuditLog.id);
}
