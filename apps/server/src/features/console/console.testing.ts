import { randomBytes } from 'node:crypto';
import { CONSOLE_SESSION_COOKIE } from '@dso/contract';
import type { ConsoleRole } from '@dso/domain';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { consoleAuditLog } from '../../db/schema';
import { nextPhone } from '../../testing/factories';
import type { TestApp } from '../../testing/index';
import { hashPassword, hashToken } from '../account';
import * as repository from './staff/staff.repository';

/** Test helpers of the console: staff accounts, their sessions, and the audit log's rows. */

/** The password every test staff account gets unless told otherwise. */
export const STAFF_PASSWORD = 'Console123';

/** A staff account of `role` (an argon2 hash of {@link STAFF_PASSWORD} unless `password` is given). */
export async function createStaffAccount(
  db: Database,
  input: { role: ConsoleRole; phone?: string; name?: string; password?: string; disabled?: boolean },
) {
  const row = await repository.insertStaff(db, {
    phone: input.phone ?? nextPhone(),
    name: input.name ?? `${input.role}小王`,
    role: input.role,
    passwordHash: await hashPassword(input.password ?? STAFF_PASSWORD),
    ...(input.disabled ? { disabledAt: new Date() } : {}),
  });
  if (!row) throw new Error('staff phone taken');
  return row;
}

/** A verified session of the staff account, as its two login steps would leave it: the cookie header. */
export async function staffCookie(db: Database, staffId: number, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await repository.insertStaffSession(db, {
    staffId,
    tokenHash: hashToken(token),
    createdAt: now,
    verifiedAt: now,
    lastSeenAt: now,
  });
  return `${CONSOLE_SESSION_COOKIE}=${token}`;
}

/** A staff account of `role` with a verified session: its row and the cookie header. */
export async function staffWithCookie(db: Database, role: ConsoleRole) {
  const staff = await createStaffAccount(db, { role });
  return { ...staff, cookie: await staffCookie(db, staff.id) };
}

/** The audit log's entries about a subject, newest first. */
export async function auditOf(db: Database, subject: string) {
  return db
    .select()
    .from(consoleAuditLog)
    .where(eq(consoleAuditLog.subject, subject))
    .orderBy(desc(consoleAuditLog.id));
}

/** The one audit log entry about a subject: the test fails when there is none, or more than one. */
export async function soleAuditOf(db: Database, subject: string) {
  const entries = await auditOf(db, subject);
  expect(entries, `the audit entries about ${subject}`).toHaveLength(1);
  return entries[0]!;
}

/** The value of the console cookie a response set, or null. */
export function setCookieToken(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const found = all.find((line: string) => line.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  return found ? found.split(';')[0]!.slice(CONSOLE_SESSION_COOKIE.length + 1) : null;
}

/**
 * The console's calls in a route suite: a signed GET or POST with a staff cookie (or none), answering the
 * envelope (`send`: the raw response, for downloads). A POST without a body sends an empty object. Every
 * console suite makes these; new ones take them from here.
 */
export function consoleCalls(t: { request: TestApp['request'] }) {
  const send = (method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown) =>
    t.request({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(body !== undefined ? { body } : method === 'POST' ? { body: {} } : {}),
    });
  return {
    send,
    call: async (method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown) =>
      (await send(method, url, cookie, body)).json(),
    get: async (url: string, cookie?: string) => (await send('GET', url, cookie)).json(),
    post: async (url: string, cookie: string | undefined, body: unknown) =>
      (await send('POST', url, cookie, body)).json(),
  };
}
