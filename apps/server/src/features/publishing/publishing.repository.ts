import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  publishingAccounts,
  publishingDeliveries,
  publishingMedia,
  publishingOauthStates,
  publishingPosts,
} from '../../db/schema';

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

/** A user's accounts that are not revoked, oldest first. */
export function selectAccounts(db: Database, userId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(publishingAccounts)
    .where(and(eq(publishingAccounts.userId, userId), ne(publishingAccounts.status, 'revoked')))
    .orderBy(asc(publishingAccounts.id));
}

/** Active accounts whose access token ends before `accessBefore` or refresh token before `refreshBefore`. */
export function selectAccountsDue(db: Database, accessBefore: Date, refreshBefore: Date): Promise<AccountRow[]> {
  return db
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
  return row ?? null;
}

/** The platform account's row (any owner, any status). */
export async function findAccountByOpenId(db: Database, openId: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(publishingAccounts)
    .where(and(eq(publishingAccounts.platform, 'douyin'), eq(publishingAccounts.openId, openId)));
  return row ?? null;
}

export async function insertAccount(db: Database, row: typeof publishingAccounts.$inferInsert): Promise<AccountRow> {
  const [inserted] = await db.insert(publishingAccounts).values(row).returning();
  return inserted as AccountRow;
}

export async function updateAccount(
  db: Database,
  id: number,
  values: Partial<typeof publishingAccounts.$inferInsert>,
): Promise<AccountRow> {
  const [row] = await db.update(publishingAccounts).set(values).where(eq(publishingAccounts.id, id)).returning();
  return row as AccountRow;
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
