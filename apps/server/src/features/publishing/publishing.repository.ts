import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  publishingAccounts,
  publishingDeliveries,
  publishingMedia,
  publishingOauthStates,
  publishingPosts,
} from '../../db/schema';
import { openToken, sealToken, tokenCipher } from './token-sealing';

/** SQL of one-key publishing: authorised accounts, OAuth states, media, posts and deliveries. */

export type AccountRow = typeof publishingAccounts.$inferSelect;
export type MediaRow = typeof publishingMedia.$inferSelect;
export type PostRow = typeof publishingPosts.$inferSelect;
export type DeliveryRow = typeof publishingDeliveries.$inferSelect;

// ——— OAuth states ———

export async function insertOauthState(
  db: Database,
  row: { state: string; userId: number; returnTo: string; expiresAt: Date },
) {
  await db.insert(publishingOauthStates).values(row);
}

/** Marks a state used and answers it, once: a second use (or an expired state) answers null. */
export async function takeOauthState(db: Database, state: string, now: Date) {
  const [row] = await db
    .update(publishingOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(publishingOauthStates.state, state),
        isNull(publishingOauthStates.usedAt),
        sql`${publishingOauthStates.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

// ——— Accounts ———

// The token columns hold sealed values (token-sealing.ts): every row read here is opened and every
// write sealed, so nothing outside this file sees a sealed value and nothing writes a plain one.

type AccountValues = Partial<typeof publishingAccounts.$inferInsert>;

function openAccount(row: AccountRow): AccountRow {
  return {
    ...row,
    accessToken: openToken('accessToken', row.accessToken),
    refreshToken: openToken('refreshToken', row.refreshToken),
  };
}

function sealValues<T extends AccountValues>(values: T): T {
  const sealed = { ...values };
  if (values.accessToken !== undefined) sealed.accessToken = sealToken('accessToken', values.accessToken);
  if (values.refreshToken !== undefined) sealed.refreshToken = sealToken('refreshToken', values.refreshToken);
  return sealed;
}

/** A user's accounts that are not revoked, oldest first. */
export async function selectAccounts(db: Database, userId: number): Promise<AccountRow[]> {
  const rows = await db
    .select()
    .from(publishingAccounts)
    .where(and(eq(publishingAccounts.userId, userId), ne(publishingAccounts.status, 'revoked')))
    .orderBy(asc(publishingAccounts.id));
  return rows.map(openAccount);
}

/** Active accounts whose access token ends before `accessBefore` or refresh token before `refreshBefore`. */
export async function selectAccountsDue(db: Database, accessBefore: Date, refreshBefore: Date): Promise<AccountRow[]> {
  const rows = await db
    .select()
    .from(publishingAccounts)
    .where(
      and(
        eq(publishingAccounts.status, 'active'),
        sql`(${publishingAccounts.accessExpiresAt} < ${accessBefore.toISOString()}::timestamptz
          OR ${publishingAccounts.refreshExpiresAt} < ${refreshBefore.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(publishingAccounts.id))
    .limit(500);
  return rows.map(openAccount);
}

export async function hasActiveAccounts(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: publishingAccounts.id })
    .from(publishingAccounts)
    .where(eq(publishingAccounts.status, 'active'))
    .limit(1);
  return row !== undefined;
}

export async function findAccount(db: Database, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(publishingAccounts).where(eq(publishingAccounts.id, id));
  return row ? openAccount(row) : null;
}

/** The platform account's row (any owner, any status). */
export async function findAccountByOpenId(db: Database, openId: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(publishingAccounts)
    .where(and(eq(publishingAccounts.platform, 'douyin'), eq(publishingAccounts.openId, openId)));
  return row ? openAccount(row) : null;
}

export async function insertAccount(db: Database, row: typeof publishingAccounts.$inferInsert): Promise<AccountRow> {
  const [inserted] = await db.insert(publishingAccounts).values(sealValues(row)).returning();
  return openAccount(inserted as AccountRow);
}

export async function updateAccount(db: Database, id: number, values: AccountValues): Promise<AccountRow> {
  const [row] = await db
    .update(publishingAccounts)
    .set(sealValues(values))
    .where(eq(publishingAccounts.id, id))
    .returning();
  return openAccount(row as AccountRow);
}

/**
 * Rewrites tokens stored in plaintext (rows from before sealing) or sealed under a previous key, under
 * the current key; answers how many rows changed. Each row is rewritten only if it still holds what was
 * read, so two instances starting together, or a refresh in between, never overwrite a newer token.
 * A value that does not open is left as it is (it reads as no token).
 */
export async function resealAccountTokens(db: Database): Promise<number> {
  const cipher = tokenCipher();
  const rows = await db
    .select({
      id: publishingAccounts.id,
      accessToken: publishingAccounts.accessToken,
      refreshToken: publishingAccounts.refreshToken,
    })
    .from(publishingAccounts)
    .where(
      sql`(${publishingAccounts.accessToken} <> '' AND ${publishingAccounts.accessToken} NOT LIKE ${`enc:v1:${cipher.currentKeyId}:%`})
        OR (${publishingAccounts.refreshToken} <> '' AND ${publishingAccounts.refreshToken} NOT LIKE ${`enc:v1:${cipher.currentKeyId}:%`})`,
    );
  let changed = 0;
  for (const row of rows) {
    const opened = openAccount(row as AccountRow);
    const values: AccountValues = {};
    if (cipher.needsReseal(row.accessToken) && opened.accessToken !== '') values.accessToken = opened.accessToken;
    if (cipher.needsReseal(row.refreshToken) && opened.refreshToken !== '') values.refreshToken = opened.refreshToken;
    if (Object.keys(values).length === 0) continue;
    const updated = await db
      .update(publishingAccounts)
      .set(sealValues(values))
      .where(
        and(
          eq(publishingAccounts.id, row.id),
          eq(publishingAccounts.accessToken, row.accessToken),
          eq(publishingAccounts.refreshToken, row.refreshToken),
        ),
      )
      .returning({ id: publishingAccounts.id });
    changed += updated.length;
  }
  return changed;
}

// ——— Media ———

export async function insertMedia(db: Database, row: typeof publishingMedia.$inferInsert): Promise<MediaRow> {
  const [inserted] = await db.insert(publishingMedia).values(row).returning();
  return inserted as MediaRow;
}

export function selectMedia(db: Database, userId: number, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(publishingMedia)
    .where(and(eq(publishingMedia.userId, userId), inArray(publishingMedia.id, ids)));
}

// ——— Posts and deliveries ———

export async function insertPost(db: Database, row: typeof publishingPosts.$inferInsert): Promise<PostRow> {
  const [inserted] = await db.insert(publishingPosts).values(row).returning();
  return inserted as PostRow;
}

export async function insertDeliveries(db: Database, postId: number, accountIds: number[]): Promise<DeliveryRow[]> {
  return db
    .insert(publishingDeliveries)
    .values(accountIds.map((accountId) => ({ postId, accountId })))
    .returning();
}

export async function countPosts(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(publishingPosts).where(eq(publishingPosts.userId, userId));
  return Number(row?.total ?? 0);
}

export function selectPosts(db: Database, userId: number, limit: number, offset: number): Promise<PostRow[]> {
  return db
    .select()
    .from(publishingPosts)
    .where(eq(publishingPosts.userId, userId))
    .orderBy(desc(publishingPosts.id))
    .limit(limit)
    .offset(offset);
}

export async function findPost(db: Database, id: number): Promise<PostRow | null> {
  const [row] = await db.select().from(publishingPosts).where(eq(publishingPosts.id, id));
  return row ?? null;
}

/** Deliveries of posts with the account's name and picture, in order. */
export function selectDeliveries(db: Database, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      delivery: publishingDeliveries,
      nickname: publishingAccounts.nickname,
      avatar: publishingAccounts.avatar,
    })
    .from(publishingDeliveries)
    .innerJoin(publishingAccounts, eq(publishingAccounts.id, publishingDeliveries.accountId))
    .where(inArray(publishingDeliveries.postId, postIds))
    .orderBy(asc(publishingDeliveries.id));
}

export async function findDelivery(db: Database, id: number): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(publishingDeliveries).where(eq(publishingDeliveries.id, id));
  return row ?? null;
}

export async function updateDelivery(
  db: Database,
  id: number,
  values: Partial<typeof publishingDeliveries.$inferInsert>,
): Promise<DeliveryRow> {
  const [row] = await db.update(publishingDeliveries).set(values).where(eq(publishingDeliveries.id, id)).returning();
  return row as DeliveryRow;
}

/** Takes a queued delivery for publishing; null when another worker has it or it is no longer queued. */
export async function claimDelivery(db: Database, id: number, now: Date): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(publishingDeliveries)
    .set({ status: 'publishing', attempts: sql`${publishingDeliveries.attempts} + 1`, updatedAt: now })
    .where(and(eq(publishingDeliveries.id, id), inArray(publishingDeliveries.status, ['queued', 'publishing'])))
    .returning();
  return row ?? null;
}
