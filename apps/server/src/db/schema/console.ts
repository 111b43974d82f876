import type { ConsoleRole } from '@dso/domain';
import { bigint, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at, createdAt, rowId } from './columns';

/*
 * The operator's console (docs/console.md): staff accounts, apart from members; their sessions; and the
 * audit log of every change a staff member makes, which the database itself keeps append-only (a
 * trigger refuses UPDATE, DELETE and TRUNCATE, migration 0028).
 */

/** A staff member: 管理员, 财务, 客服 or 数据. Never deleted; `disabled_at` ends their access. */
export const staffAccounts = pgTable('staff_accounts', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull().unique(),
  name: text('name').notNull(),
  /** Argon2id, as members' passwords. */
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<ConsoleRole>().notNull(),
  disabledAt: at('disabled_at'),
  createdAt: createdAt(),
});

/**
 * A staff session: opened by the password step (`verified_at` null: only the SMS step may use it, for
 * 5 minutes), usable once the code is checked, ended after 8 idle hours, by logout or by disabling the
 * account. The token is kept only as its SHA-256.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: rowId(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull(),
    verifiedAt: at('verified_at'),
    lastSeenAt: at('last_seen_at').notNull(),
    endedAt: at('ended_at'),
    /** logout, idle, disabled, replaced (a new login of the same browser). */
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId, table.endedAt)],
);

/**
 * What a staff member changed: who (null for `npm run console` on the server), the action, its subject
 * (`user:12`, `staff:3`), the state before and after, the reason given, and when.
 */
export const consoleAuditLog = pgTable(
  'console_audit_log',
  {
    id: rowId(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id),
    /** The staff member's name as it was, or `命令行` for the CLI. */
    staffName: text('staff_name').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('console_audit_log_time_idx').on(table.createdAt),
    index('console_audit_log_staff_idx').on(table.staffId, table.createdAt),
    index('console_audit_log_subject_idx').on(table.subject, table.createdAt),
  ],
);
