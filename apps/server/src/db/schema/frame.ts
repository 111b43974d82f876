import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at, createdAt, enabled, rowId, sortOrder } from './columns';

/** One row per page view reported by the visitor page statistic. */
export const pageViews = pgTable(
  'page_views',
  {
    id: rowId(),
    visitorId: text('visitor_id').notNull(),
    path: text('path').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('page_views_created_at_idx').on(table.createdAt)],
);

/** One row per browser session (the session web statistic is sent once per session). */
export const sessionVisits = pgTable('session_visits', {
  sessionId: text('session_id').primaryKey(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  firstSeenAt: at('first_seen_at').notNull().defaultNow(),
});

/** Tracking points: `pe` is the prefixed page id, `ce` the click event id. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: rowId(),
    visitorId: text('visitor_id').notNull(),
    pageId: text('page_id').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('tracking_events_event_idx').on(table.eventId, table.createdAt)],
);

/** Footer friend links, ordered by `sort`. */
export const friendLinks = pgTable('friend_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: sortOrder(),
  enabled: enabled(),
});
