import type { Database } from '../../db/client';
import { findAccessFlags, findPhonesByIds, findUserById, findUserByPhone } from './accounts.repository';

/** What other features may know of an account's access, so they never read the users table themselves. */
export interface AccountAccess {
  /** Sees exact figures instead of display bands (002 §6). */
  showOriginalData: boolean;
}

/** The access of an account, or null when there is no such account. */
export async function findAccountAccess(db: Database, userId: number): Promise<AccountAccess | null> {
  const flags = await findAccessFlags(db, userId);
  if (!flags) return null;
  return { showOriginalData: flags.showOriginalData };
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
