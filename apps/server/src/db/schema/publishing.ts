import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId, users } from './accounts';
import { at, createdAt, partOf, rowId, updatedAt } from './columns';

/*
 * One-key publishing (一键发布): Douyin accounts authorised through the Open Platform's OAuth,
 * uploaded media, posts and their per-account deliveries; and the /distribution (代运营) leads.
 * docs/publishing.md describes the flow.
 */

/**
 * An authorised platform account. `status` is 'active' (tokens usable or refreshable), 'expired' (the
 * refresh token ran out or the platform refused it: authorise again) or 'revoked' (the user ended the
 * authorisation: the tokens are wiped and its AUTH_TIKTOK_COUNT unit given back). One row per
 * platform account: authorising it again, by the same user or (once revoked) another, reuses the row.
 */
export const publishingAccounts = pgTable(
  'publishing_accounts',
  {
    id: rowId(),
    userId: ownerId(),
    platform: text('platform').$type<'douyin'>().notNull().default('douyin'),
    openId: text('open_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    scope: text('scope').notNull().default(''),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    status: text('status').$type<'active' | 'expired' | 'revoked'>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('publishing_accounts_open_id_idx').on(table.platform, table.openId),
    index('publishing_accounts_user_idx').on(table.userId, table.id),
  ],
);

/** An authorisation under way: the OAuth `state` names the user and the page to return to; single use. */
export const publishingOauthStates = pgTable('publishing_oauth_states', {
  state: text('state').primaryKey(),
  userId: ownerId(),
  returnTo: text('return_to').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/** An uploaded video or image; the bytes live in the file `storage_key` names (under DATA_DIR/publishing). */
export const publishingMedia = pgTable(
  'publishing_media',
  {
    id: rowId(),
    userId: ownerId(),
    kind: text('kind').$type<'video' | 'image'>().notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('publishing_media_user_idx').on(table.userId, table.id)],
);

/** A post: what is published (a video, or images) with its caption; `media_ids` in order. */
export const publishingPosts = pgTable(
  'publishing_posts',
  {
    id: rowId(),
    userId: ownerId(),
    kind: text('kind').$type<'video' | 'images'>().notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull(),
    mediaIds: jsonb('media_ids').$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('publishing_posts_user_idx').on(table.userId, table.id.desc())],
);

/**
 * A post's delivery to one account, run by a `publishing.deliver` job: queued → publishing →
 * published (`item_id`) or failed (`error`: the platform's message and code, or ours).
 */
export const publishingDeliveries = pgTable(
  'publishing_deliveries',
  {
    id: rowId(),
    postId: partOf('post_id', () => publishingPosts.id),
    accountId: partOf('account_id', () => publishingAccounts.id),
    status: text('status').$type<'queued' | 'publishing' | 'published' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    itemId: text('item_id'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('publishing_deliveries_post_idx').on(table.postId, table.id),
    index('publishing_deliveries_account_idx').on(table.accountId),
  ],
);

/** A /distribution (代运营) contact form submission, for the agency team. */
export const distributionLeads = pgTable(
  'distribution_leads',
  {
    id: rowId(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull().default(''),
    need: text('need').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('distribution_leads_created_idx').on(table.createdAt)],
);
