import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, partOf, rowId, updatedAt } from './columns';

/** Accounts. A user always has a phone: a WeChat login without one goes through bind-phone first. */
export const users = pgTable('users', {
  id: rowId(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash'),
  wechatOpenId: text('wechat_open_id').unique(),
  nickname: text('nickname').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  /** Purchased grade; it counts only until `grade_ends_at` (expiry drops a member back to FREE). */
  grade: text('grade').notNull().default('FREE'),
  gradeEndsAt: at('grade_ends_at'),
  roleId: integer('role_id').notNull().default(0),
  showOriginalData: boolean('show_original_data').notNull().default(false),
  permissionVersionCode: integer('permission_version_code'),
  showOld: boolean('show_old').notNull().default(false),
  /** Source channel (`j_id`) and paid-search click id (`bd_vid`) seen at registration. */
  channel: text('channel'),
  adClickId: text('ad_click_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The account a row belongs to (user_id): required, and the row is deleted with the account. */
export const ownerId = () => partOf('user_id', () => users.id);

/** Login sessions. Tokens are opaque; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: rowId(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** Set when the session ends; `end_reason` is logout, kicked or password. */
    endedAt: at('ended_at'),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_live_idx').on(table.userId, table.endedAt, table.createdAt)],
);

/** SMS verification codes, hashed; each expires and dies after too many wrong tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: rowId(),
    phone: text('phone').notNull(),
    /** Which send variant issued it: login, bind, reset, change_old, change_new, unbind. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [index('sms_codes_phone_purpose_idx').on(table.phone, table.purpose, table.createdAt)],
);

/** Every SMS the product sent (the sandbox provider's outbox, and the audit trail for real vendors). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: rowId(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    provider: text('provider').notNull(),
    content: text('content').notNull(),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
  },
  (table) => [index('sms_outbox_phone_idx').on(table.phone, table.createdAt)],
);

/** Slider captcha puzzles: the server keeps the answer; a solved puzzle yields a single-use ticket. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  targetX: integer('target_x').notNull(),
  pieceY: integer('piece_y').notNull(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  ticket: text('ticket').unique(),
  solvedAt: at('solved_at'),
  ticketUsedAt: at('ticket_used_at'),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** WeChat QR login tickets. State lives here so a long poll on any instance sees a scan on another. */
export const wechatLoginTickets = pgTable('wechat_login_tickets', {
  ticket: text('ticket').primaryKey(),
  sceneId: text('scene_id').notNull().unique(),
  /** waiting → scanned → confirmed → done, or need_bind, or expired. */
  status: text('status').notNull().default('waiting'),
  openId: text('open_id'),
  userId: bigint('user_id', { mode: 'number' }),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Paid-search conversions reported for new registrations and payments. */
export const conversions = pgTable('conversions', {
  id: rowId(),
  userId: bigint('user_id', { mode: 'number' }),
  adClickId: text('ad_click_id').notNull(),
  kind: text('kind').notNull(),
  createdAt: createdAt(),
});

/** Parent–child account links: the child shares the parent's grade while the link is active. */
export const subAccountLinks = pgTable(
  'sub_account_links',
  {
    id: rowId(),
    parentUserId: partOf('parent_user_id', () => users.id),
    childPhone: text('child_phone').notNull(),
    childUserId: bigint('child_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** pending → active, or refused; active → unbound; pending → cancelled. */
    status: text('status').notNull().default('pending'),
    /** When the binding ends (shown as the unbind date). */
    unBindAt: at('un_bind_at'),
    createdAt: createdAt(),
    respondedAt: at('responded_at'),
  },
  (table) => [
    index('sub_account_links_parent_idx').on(table.parentUserId, table.status),
    index('sub_account_links_child_phone_idx').on(table.childPhone, table.status),
  ],
);

/** The permission aliases (001 §3, 002 §5) and what kind of value they carry. */
export const permissionAliases = pgTable('permission_aliases', {
  alias: text('alias').primaryKey(),
  name: text('name').notNull(),
  /** count (total), day_count (resets at Asia/Shanghai midnight), flag (0/1), rows (list row cap). */
  kind: text('kind').notNull(),
  description: text('description').notNull().default(''),
});

/** The value of an alias for one grade; no row means the grade lacks the permission. */
export const permissionBinds = pgTable(
  'permission_binds',
  {
    id: serial('id').primaryKey(),
    alias: text('alias')
      .notNull()
      .references(() => permissionAliases.alias, { onDelete: 'cascade' }),
    grade: text('grade').notNull(),
    value: integer('value').notNull(),
    ext: text('ext'),
  },
  (table) => [uniqueIndex('permission_binds_alias_grade_idx').on(table.alias, table.grade)],
);

/** Used units per user, alias and period (`total`, or the Asia/Shanghai date for daily counts). */
export const permissionUsage = pgTable(
  'permission_usage',
  {
    userId: ownerId(),
    alias: text('alias').notNull(),
    periodKey: text('period_key').notNull(),
    useVal: integer('use_val').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.alias, table.periodKey] })],
);

/** Usage-count packs: extra units for an alias, valid one year from purchase. */
export const usagePacks = pgTable(
  'usage_packs',
  {
    id: rowId(),
    userId: ownerId(),
    alias: text('alias').notNull(),
    amount: integer('amount').notNull(),
    /** Purchase order that created it; unique so a retried notify never adds twice. */
    sourceRef: text('source_ref').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('usage_packs_user_alias_idx').on(table.userId, table.alias, table.expiresAt)],
);

/**
 * The usage ledger: every unit of a quota charged or given back is a row (who, whose pool, alias,
 * amount, why, which request). The counters of `permission_usage` are kept in step with it in the same
 * transaction. A charge taken before an outside call is `reserved` until its work completes
 * (`settled`) or fails (`returned`, with the negative row that gave it back pointing at it).
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: rowId(),
    /** The account that acted (a child account for its own uses). */
    userId: ownerId(),
    /** The account whose pool the units came from (a child spends its parent's). */
    poolUserId: bigint('pool_user_id', { mode: 'number' }).notNull(),
    alias: text('alias').notNull(),
    /** Units: positive when charged, negative when given back. */
    amount: integer('amount').notNull(),
    /** Where the units were counted (`permission_usage` period keys and amounts), so a give-back undoes exactly that. */
    sources: jsonb('sources').$type<Record<string, number>>().notNull().default({}),
    /** What the units were for, as the user would say it: the words searched, the video, the template. */
    reason: text('reason').notNull().default(''),
    /** reserved → settled | returned for charges; `settled` for rows that give units back. */
    state: text('state').notNull(),
    /** On a give-back row: the charge it returns. */
    returnsId: bigint('returns_id', { mode: 'number' }),
    requestId: text('request_id'),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
    /** A reservation a request holds: given back by the upkeep if still reserved then (its instance died). */
    lapsesAt: at('lapses_at'),
  },
  (table) => [
    index('usage_ledger_user_time_idx').on(table.userId, table.createdAt),
    index('usage_ledger_pool_alias_time_idx').on(table.poolUserId, table.alias, table.createdAt),
    index('usage_ledger_request_idx').on(table.requestId).where(sql`${table.requestId} IS NOT NULL`),
    index('usage_ledger_lapse_idx')
      .on(table.lapsesAt)
      .where(sql`${table.state} = 'reserved' AND ${table.lapsesAt} IS NOT NULL`),
  ],
);

/** Key material the server must share across instances (the RSA key for password encryption). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
