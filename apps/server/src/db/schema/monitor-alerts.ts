import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId, users } from './accounts';
import { at, createdAt, extensionOf, partOf, rowId, updatedAt } from './columns';
import { monitorItems } from './monitoring';

/*
 * Alerts of big rank moves (docs/monitoring.md "Alerts"): one per monitored work and day, kept in the
 * user's in-app list and pushed to the user's 企业微信 group robot when they turned it on. Migration 0021.
 */

/**
 * A big move of a work item between its last two successful checks (`isBigMove`). The unique (item, day) makes
 * its creation idempotent: a retried check job, or two workers, insert it once. `push_status`: 'none' (no push
 * wanted), 'pending' (to send), 'sending' (claimed by `push_claim`), 'sent', 'failed' (reason in `push_error`).
 */
export const monitorAlerts = pgTable(
  'monitor_alerts',
  {
    id: rowId(),
    userId: ownerId(),
    itemId: partOf('item_id', () => monitorItems.id),
    day: date('day', { mode: 'string' }).notNull(),
    keyword: text('keyword').notNull(),
    awemeId: text('aweme_id').notNull(),
    workTitle: text('work_title').notNull().default(''),
    kind: text('kind').$type<'up' | 'down' | 'new' | 'lost'>().notNull(),
    previousRank: integer('previous_rank'),
    rank: integer('rank'),
    readAt: at('read_at'),
    pushStatus: text('push_status')
      .$type<'none' | 'pending' | 'sending' | 'sent' | 'failed'>()
      .notNull()
      .default('none'),
    pushClaim: text('push_claim'),
    pushError: text('push_error'),
    pushedAt: at('pushed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('monitor_alerts_item_day_idx').on(table.itemId, table.day),
    index('monitor_alerts_user_idx').on(table.userId, table.id),
    index('monitor_alerts_unread_idx').on(table.userId).where(sql`${table.readAt} IS NULL`),
    index('monitor_alerts_push_idx').on(table.userId).where(sql`${table.pushStatus} IN ('pending', 'sending')`),
    check('monitor_alerts_kind', sql`${table.kind} IN ('up', 'down', 'new', 'lost')`),
    check('monitor_alerts_push_status', sql`${table.pushStatus} IN ('none', 'pending', 'sending', 'sent', 'failed')`),
  ],
);

/** A user's alert settings: whether alerts are also pushed to their 企业微信 group robot, and its key. */
export const monitorAlertSettings = pgTable('monitor_alert_settings', {
  userId: extensionOf('user_id', () => users.id),
  wecomEnabled: boolean('wecom_enabled').notNull().default(false),
  wecomKey: text('wecom_key').notNull().default(''),
  updatedAt: updatedAt(),
});
