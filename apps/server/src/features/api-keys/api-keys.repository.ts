import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema';

/** The columns the list shows. */
const itemColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

export type ApiKeyRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };

const liveOf = (userId: number) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

/** The user's live keys, newest first. */
export async function selectLiveKeys(db: Database, userId: number): Promise<ApiKeyRow[]> {
  return db.select(itemColumns).from(apiKeys).where(liveOf(userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Takes the user's key lock for the rest of the transaction, so that concurrent creations count the
 * live keys one after another and the limit holds.
 */
export async function lockKeysOf(db: Database, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api_keys:${userId}`}, 0))`);
}

export async function countLiveKeys(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(apiKeys).where(liveOf(userId));
  return Number(row?.total ?? 0);
}

export async function insertKey(
  db: Database,
  values: { userId: number; name: string; prefix: string; secretHash: string; createdAt: Date },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning(itemColumns);
  return row!;
}

/** Renames a live key of the user; null when there is none with that id. */
export async function renameKey(db: Database, userId: number, id: number, name: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, id), liveOf(userId)))
    .returning(itemColumns);
  return row ?? null;
}

/** Revokes a live key of the user; false when there is none with that id. */
export async function revokeKey(db: Database, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), liveOf(userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** A key as a call uses it, after counting the call. */
export interface UsedKey {
  id: number;
  name: string;
  prefix: string;
  userId: number;
  /** Calls counted in the key's current minute, this one included. */
  minuteCalls: number;
  /** When the key's current minute began. */
  minuteStart: Date;
}

/**
 * Counts one call of the live key with this hash and records its use, in one statement: the counter
 * of the key's current minute (a fixed window opened by its first call) goes up by one, or starts
 * again at 1 when the minute is over. One row update, so every instance and connection sees one
 * count. Null for an unknown or revoked key.
 */
export async function countCall(
  db: Database,
  secretHash: string,
  now: Date,
  windowMs: number,
): Promise<UsedKey | null> {
  const windowFrom = new Date(now.getTime() - windowMs).toISOString();
  const windowOpen = sql`(${apiKeys.minuteStart} is not null and ${apiKeys.minuteStart} > ${windowFrom}::timestamptz)`;
  const [row] = await db
    .update(apiKeys)
    .set({
      minuteCalls: sql`case when ${windowOpen} then ${apiKeys.minuteCalls} + 1 else 1 end`,
      minuteStart: sql`case when ${windowOpen} then ${apiKeys.minuteStart} else ${now.toISOString()}::timestamptz end`,
      lastUsedAt: now,
    })
    .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)))
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      userId: apiKeys.userId,
      minuteCalls: apiKeys.minuteCalls,
      minuteStart: apiKeys.minuteStart,
    });
  if (!row) return null;
  return { ...row, minuteStart: row.minuteStart ?? now };
}

/** Deletes every key of an account (注销账号). */
export async function deleteKeysOf(db: Database, userId: number): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.userId, userId));
}
