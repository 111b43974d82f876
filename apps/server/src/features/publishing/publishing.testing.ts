import type { Database } from '../../db/client';
import { insertAccount } from './publishing.repository';

/** Test-only helpers of the publishing feature. */

/**
 * A Douyin account the user authorised (账号授权), live, with stand-in tokens that expire now; `nickname`
 * is the one Douyin gave ('' when it gave none).
 */
export function authorisedDouyinAccount(db: Database, userId: number, openId: string, nickname: string) {
  const now = new Date();
  return insertAccount(db, {
    userId,
    openId,
    nickname,
    accessToken: 'act.x',
    refreshToken: 'rft.x',
    accessExpiresAt: now,
    refreshExpiresAt: now,
    createdAt: now,
  });
}
