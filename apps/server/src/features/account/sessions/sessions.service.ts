import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import * as repository from './sessions.repository';

export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface SessionLimits {
  maxSessionsPerUser: number;
  sessionTtlMs: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opens a session and returns its token (shown once, stored only as a hash). Beyond the per-user limit
 * the oldest live sessions are kicked; their next request gets 803.
 */
export async function openSession(db: Database, userId: number, origin: SessionOrigin, limits: SessionLimits) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const live = await repository.lockLiveSessions(tx, userId);
    const excess = live.length + 1 - limits.maxSessionsPerUser;
    if (excess > 0) {
      await repository.endSessions(
        tx,
        live.slice(0, excess).map((row) => row.id),
        'kicked',
      );
    }
    await repository.insertSession(tx, {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + limits.sessionTtlMs),
      ...origin,
    });
  });
  return token;
}

/** How stale `last_seen_at` may get before a request refreshes it. */
const TOUCH_EVERY_MS = 60_000;

export type TokenCheck = { userId: number; sessionId: number } | { failure: AppError };

/** What a presented token means: a live session, or the catalogue code that tells the client why not. */
export async function checkToken(db: Database, token: string, now = new Date()): Promise<TokenCheck> {
  const row = await repository.findSessionByTokenHash(db, hashToken(token));
  if (!row) return { failure: new AppError(Code.TOKEN_INVALID, '登录已失效，请重新登录') };
  if (row.endReason === 'kicked') {
    return { failure: new AppError(Code.KICKED, '您的账号登录数量超出限制，已被迫下线') };
  }
  if (row.endedAt) return { failure: new AppError(Code.TOKEN_INVALID, '登录已失效，请重新登录') };
  if (row.expiresAt <= now) return { failure: new AppError(Code.TOKEN_EXPIRED, '登录已过期，请重新登录') };
  // The row says when it was last seen: write only when that is a minute old, not on every call.
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await repository.touchSession(db, row.id);
  return { userId: row.userId, sessionId: row.id };
}

export async function closeSession(db: Database, sessionId: number, reason = 'logout') {
  await repository.endSessions(db, [sessionId], reason);
}
