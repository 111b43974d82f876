import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { friendLinks, pageViews, sessionVisits, trackingEvents } from '../../db/schema';

export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

export async function insertPageView(db: Database, visitorId: string, path: string, origin: RequestOrigin) {
  await db.insert(pageViews).values({ visitorId, path, ip: origin.ip, userAgent: origin.userAgent });
}

/** Idempotent: a session is recorded once however often the client reports it. */
export async function insertSessionVisit(db: Database, sessionId: string, origin: RequestOrigin) {
  await db
    .insert(sessionVisits)
    .values({ sessionId, ip: origin.ip, userAgent: origin.userAgent })
    .onConflictDoNothing({ target: sessionVisits.sessionId });
}

export async function insertTrackingEvent(db: Database, visitorId: string, pageId: string, eventId: string) {
  await db.insert(trackingEvents).values({ visitorId, pageId, eventId });
}

export async function selectFriendLinks(db: Database) {
  return db
    .select({ name: friendLinks.name, url: friendLinks.url })
    .from(friendLinks)
    .where(eq(friendLinks.enabled, true))
    .orderBy(asc(friendLinks.sort), asc(friendLinks.id));
}

export async function countFriendLinks(db: Database) {
  return db.$count(friendLinks);
}

export async function insertFriendLinks(db: Database, links: Array<{ name: string; url: string; sort: number }>) {
  await db.insert(friendLinks).values(links);
}
