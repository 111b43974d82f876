import { randomInt } from 'node:crypto';
import type { Database } from '../db/client';
import { subAccountLinks, users } from '../db/schema';
import { openSession } from '../features/account/sessions/sessions.service';

let phoneCounter = 0;

/** A unique, valid mainland mobile number for each call. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `139${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`.slice(0, 11);
}

/*
 * A phone and a client address of this run only, for suites whose limits live in the test Redis: it
 * outlives the run, and its counters must not meet a later run's (a counter per process would).
 */
export const randomPhone = () => `13${randomInt(100_000_000, 1_000_000_000)}`;
export const randomIp = () => `172.${randomInt(16, 32)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface UserFactoryInput {
  phone?: string;
  grade?: string;
  gradeEndsAt?: Date | null;
  passwordHash?: string | null;
  wechatOpenId?: string | null;
  showOriginalData?: boolean;
  /** 100 makes an operator (the admin calls). */
  roleId?: number;
}

/** Inserts a user; a paid grade defaults to ending in 30 days. */
export async function createUser(db: Database, input: UserFactoryInput = {}) {
  const grade = input.grade ?? 'FREE';
  const gradeEndsAt =
    input.gradeEndsAt !== undefined
      ? input.gradeEndsAt
      : grade === 'FREE'
        ? null
        : new Date(Date.now() + 30 * 86_400_000);
  const [row] = await db
    .insert(users)
    .values({
      phone: input.phone ?? nextPhone(),
      grade,
      gradeEndsAt,
      passwordHash: input.passwordHash ?? null,
      wechatOpenId: input.wechatOpenId ?? null,
      showOriginalData: input.showOriginalData ?? false,
      roleId: input.roleId ?? 0,
    })
    .returning();
  return row!;
}

/**
 * Binds `child` to the user `parentUserId` as an active sub-account, answered (`respondedAt`) when a
 * test says so; answers the link row.
 */
export async function linkSubAccount(
  db: Database,
  parentUserId: number,
  child: { id: number; phone: string },
  respondedAt: Date | null = null,
) {
  const [link] = await db
    .insert(subAccountLinks)
    .values({ parentUserId, childPhone: child.phone, childUserId: child.id, status: 'active', respondedAt })
    .returning();
  return link!;
}

/** Opens a session for the user and returns its token. */
export function loginAs(db: Database, userId: number, limits = { maxSessionsPerUser: 3, sessionTtlMs: 86_400_000 }) {
  return openSession(db, userId, { ip: '127.0.0.1', userAgent: 'test' }, limits);
}

/** A user (FREE unless `input` says otherwise) with a live session: the row and its token. */
export async function createMember(db: Database, input: UserFactoryInput = {}) {
  const user = await createUser(db, input);
  return { user, token: await loginAs(db, user.id) };
}
