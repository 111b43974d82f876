import type { Database } from '../../db/client';
import { findAccessFlags } from './accounts.repository';

/** `users.role_id` from which an account is an administrator (docs/keywords.md). */
export const ADMIN_ROLE_ID = 100;

/** What other features may know of an account's access, so they never read the users table themselves. */
export interface AccountAccess {
  /** May administer the product (keyword imports). */
  isAdmin: boolean;
  /** Sees exact figures instead of display bands (002 §6). */
  showOriginalData: boolean;
}

/** The access of an account, or null when there is no such account. */
export async function findAccountAccess(db: Database, userId: number): Promise<AccountAccess | null> {
  const flags = await findAccessFlags(db, userId);
  if (!flags) return null;
  return { isAdmin: flags.roleId >= ADMIN_ROLE_ID, showOriginalData: flags.showOriginalData };
}
