import { timestamp } from 'drizzle-orm/pg-core';

/** Column builders every schema file shares, so a kind of column is declared one way. */

/** An instant, stored with its time zone (timestamptz). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, set by the database. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed; starts as its creation. */
export const updatedAt = () => at('updated_at').notNull().defaultNow();
