import {
  CONSOLE_AUDIT_PAGE_SIZE,
  type ConsoleAction,
  type ConsoleAuditPage,
  type consoleAuditQuerySchema,
} from '@dso/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { unixSeconds } from '../../../lib/unix-seconds';
import * as repository from './audit.repository';

/** Who acted: a staff member, or null for `npm run console` on the server. */
export type Actor = { id: number; name: string } | null;

/** The name the log shows for actions taken on the server's command line. */
export const CLI_ACTOR_NAME = '命令行';

export interface AuditEntry {
  actor: Actor;
  action: ConsoleAction;
  /** What was acted on: `user:12`, `staff:3`. */
  subject: string;
  before: unknown;
  after: unknown;
  reason: string;
}

/**
 * Writes one audit entry. Called with the transaction of the change it records, so the change and its
 * entry commit together or not at all.
 */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<number> {
  const row = await repository.insertAudit(tx, {
    staffId: entry.actor?.id ?? null,
    staffName: entry.actor?.name ?? CLI_ACTOR_NAME,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason,
  });
  return row.id;
}

/** What an audited change did: its entry's subject, before and after, and what the call answers. */
export interface AuditedChange<T> {
  subject: string;
  before: unknown;
  after: unknown;
  answer: T;
}

/**
 * The console's audited action: `change` runs in one transaction (locking, checking and changing its rows)
 * and its audit entry is written in the same transaction, so the change and its entry commit together or not
 * at all; a refusal `change` throws writes nothing. Answers the change's answer and the entry's id.
 */
export function auditedChange<T>(
  db: Database,
  entry: { actor: Actor; reason: string; action: ConsoleAction },
  change: (tx: Database) => Promise<AuditedChange<T>>,
): Promise<{ answer: T; auditId: number }> {
  return db.transaction(async (tx) => {
    const { answer, ...what } = await change(tx);
    return { answer, auditId: await recordAudit(tx, { ...entry, ...what }) };
  });
}

/**
 * The id of the entry an earlier action on `subject` wrote whose `after` holds `after` (for instance a
 * grant's source), so a retried request can answer what the first one did; null when there is none.
 */
export async function findAuditId(
  db: Database,
  entry: { action: ConsoleAction; subject?: string; after: object },
): Promise<number | null> {
  return (await repository.findAuditContaining(db, entry))?.id ?? null;
}

/** Who first did `action` to each of the subjects (the staff member's name at the time), by subject. */
export async function findFirstActors(
  db: Database,
  action: ConsoleAction,
  subjects: string[],
): Promise<Map<string, string>> {
  const actors = new Map<string, string>();
  for (const row of await repository.selectAuditOfSubjects(db, action, subjects)) {
    if (!actors.has(row.subject)) actors.set(row.subject, row.staffName);
  }
  return actors;
}

/** The instant an Asia/Shanghai day begins (China keeps UTC+8 all year). */
const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const DAY_MS = 86_400_000;

/** A page of the audit log, newest first; `from` and `to` are Asia/Shanghai days, both included. */
export async function listAudit(
  db: Database,
  query: z.output<typeof consoleAuditQuerySchema>,
): Promise<ConsoleAuditPage> {
  const { rows, total } = await repository.selectAudit(
    db,
    {
      ...(query.staff_id !== undefined ? { staffId: query.staff_id } : {}),
      ...(query.action !== undefined ? { action: query.action } : {}),
      ...(query.subject !== undefined ? { subject: query.subject } : {}),
      ...(query.from ? { from: shanghaiDayStart(query.from) } : {}),
      ...(query.to ? { to: new Date(shanghaiDayStart(query.to).getTime() + DAY_MS) } : {}),
    },
    (query.page_no - 1) * CONSOLE_AUDIT_PAGE_SIZE,
    CONSOLE_AUDIT_PAGE_SIZE,
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      staff_id: row.staffId,
      staff_name: row.staffName,
      action: row.action as ConsoleAction,
      subject: row.subject,
      before: row.before,
      after: row.after,
      reason: row.reason,
      time: unixSeconds(row.createdAt),
    })),
    total,
  };
}
