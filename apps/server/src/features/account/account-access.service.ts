import { Code } from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findAccessFlags, findPhonesByIds, findUserById, findUserByPhone } from './accounts.repository';

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

/** The signed-in user if an administrator; 403 无权限访问 for everyone else (visitors get 800 before this). */
export async function requireAdmin(db: Database, userId: number): Promise<number> {
  const access = await findAccountAccess(db, userId);
  if (!access?.isAdmin) throw new AppError(Code.FORBIDDEN, '无权限访问');
  return userId;
}

/** Phones of accounts by id (for lists that show a masked buyer, like the order roll). */
export async function findAccountPhones(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await findPhonesByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.phone]));
}

/** An account's id by its phone, or null (operators grant coupons and cards by phone). */
export async function findAccountIdByPhone(db: Database, phone: string): Promise<number | null> {
  return (await findUserByPhone(db, phone))?.id ?? null;
}

/** What the operator's console shows of an account itself (the grade as stored: it counts until its end). */
export interface MemberProfile {
  id: number;
  phone: string;
  nickname: string;
  grade: string;
  gradeEndsAt: Date | null;
  createdAt: Date;
}

/** An account's profile by id, or null. */
export async function findMemberProfile(db: Database, userId: number): Promise<MemberProfile | null> {
  const row = await findUserById(db, userId);
  if (!row) return null;
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    grade: row.grade,
    gradeEndsAt: row.gradeEndsAt,
    createdAt: row.createdAt,
  };
}
