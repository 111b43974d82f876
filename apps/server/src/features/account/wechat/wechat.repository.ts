import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { wechatLoginTickets as tickets, users } from '../../../db/schema';

/**
 * Every time comparison uses the database clock (`now()`), so instances with drifting clocks agree
 * on whether a ticket is still live. `expires_at` is the deadline of the ticket's current state.
 */
const isLive = sql<boolean>`${tickets.expiresAt} > now()`;
const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function insertTicket(db: Database, values: { ticket: string; sceneId: string; expireSeconds: number }) {
  await db
    .insert(tickets)
    .values({ ticket: values.ticket, sceneId: values.sceneId, expiresAt: secondsFromNow(values.expireSeconds) });
}

export async function findTicket(db: Database, ticket: string) {
  const [row] = await db
    .select({ status: tickets.status, openId: tickets.openId, isLive })
    .from(tickets)
    .where(eq(tickets.ticket, ticket))
    .limit(1);
  return row;
}

/** waiting → scanned while live; true when the scene's QR can still be confirmed. */
export async function markScanned(db: Database, sceneId: string) {
  const rows = await db
    .update(tickets)
    .set({ status: 'scanned', updatedAt: sql`now()` })
    .where(and(eq(tickets.sceneId, sceneId), inArray(tickets.status, ['waiting', 'scanned']), isLive))
    .returning({ ticket: tickets.ticket });
  return rows.length > 0;
}

/** waiting/scanned → confirmed by `openId`; the login must then be picked up within `claimSeconds`. */
export async function confirmScan(db: Database, sceneId: string, openId: string, claimSeconds: number) {
  const rows = await db
    .update(tickets)
    .set({ status: 'confirmed', openId, expiresAt: secondsFromNow(claimSeconds), updatedAt: sql`now()` })
    .where(and(eq(tickets.sceneId, sceneId), inArray(tickets.status, ['waiting', 'scanned']), isLive))
    .returning({ ticket: tickets.ticket });
  return rows.length > 0;
}

/** scanned → waiting: the scanner declined, the QR stays usable until it expires. */
export async function cancelScan(db: Database, sceneId: string) {
  await db
    .update(tickets)
    .set({ status: 'waiting', updatedAt: sql`now()` })
    .where(and(eq(tickets.sceneId, sceneId), eq(tickets.status, 'scanned')));
}

/** confirmed → done for `userId`. Only one caller gets true, however many polls race for it. */
export async function claimLogin(db: Database, ticket: string, userId: number) {
  const rows = await db
    .update(tickets)
    .set({ status: 'done', userId, updatedAt: sql`now()` })
    .where(and(eq(tickets.ticket, ticket), eq(tickets.status, 'confirmed'), isLive))
    .returning({ ticket: tickets.ticket });
  return rows.length > 0;
}

/** confirmed → need_bind; bind-phone may consume the ticket within `bindSeconds`. */
export async function markNeedBind(db: Database, ticket: string, bindSeconds: number) {
  await db
    .update(tickets)
    .set({ status: 'need_bind', expiresAt: secondsFromNow(bindSeconds), updatedAt: sql`now()` })
    .where(and(eq(tickets.ticket, ticket), eq(tickets.status, 'confirmed')));
}

export async function findUserIdByOpenId(db: Database, openId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, openId)).limit(1);
  return row?.id ?? null;
}
