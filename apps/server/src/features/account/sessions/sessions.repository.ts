import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sessions, users } from '../../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Live sessions of a user, oldest first. The user row is locked first: row locks on sessions alone
 * would let two first logins both see none and both insert.
 */
export async function lockLiveSessions(db: Database, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id))
    .for('update');
}

export async function endSessions(db: Database, ids: number[], reason: string) {
  if (ids.length === 0) return;
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(sql`${sessions.id} in ${ids}`, isNull(sessions.endedAt)));
}

export async function endAllUserSessions(db: Database, userId: number, reason: string, exceptId?: number) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        exceptId === undefined ? undefined : sql`${sessions.id} <> ${exceptId}`,
      ),
    );
}

/** Records activity at most once a minute per session, so reads do not turn into writes. */
export async function touchSession(db: Database, id: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, id), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
}

/** Deletes every session of an account, with the addresses and browsers they recorded (注销账号). */
export async function deleteUserSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** An account's sessions for the operator's console, newest first (at most `limit`). */
export async function selectUserSessions(db: Database, userId: number, limit: number) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
}

/**
 * Ends one live session of an account (`sessionId`) or all of them, and answers the rows as they were
 * before, so the caller can record what it ended. A session of another account is never touched.
 */
export async function endLiveSessionsOf(db: Database, userId: number, sessionId: number | null, reason: string) {
  const live = and(
    eq(sessions.userId, userId),
    isNull(sessions.endedAt),
    sessionId === null ? undefined : eq(sessions.id, sessionId),
  );
  const before = await db.select().from(sessions).where(live).orderBy(asc(sessions.id)).for('update');
  if (before.length === 0) return [];
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(live, sql`${sessions.id} in ${before.map((row) => row.id)}`));
  return before;
}
