import { type AnyPgColumn, bigint, bigserial, boolean, integer, timestamp } from 'drizzle-orm/pg-core';

/** Column builders every schema file shares, so a kind of column is declared one way. */

/** A row's own id: bigserial, read as a JS number (exact up to 2^53). */
export const rowId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** An instant, stored with its time zone (timestamptz). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, set by the database. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed; starts as its creation. */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** Rows the demo generator made (the UI's demo banner shows while the library holds any). */
export const isDemo = () => boolean('is_demo').notNull().default(false);

/** Where an operator-maintained row stands in its list, smallest first. */
export const sortOrder = () => integer('sort').notNull().default(0);

/** Whether an operator-maintained row is offered; switched off instead of deleted. */
export const enabled = () => boolean('enabled').notNull().default(true);

/** A row's required link to the row it is part of (a video's comment, an item's check): deleted with it. */
export const partOf = (name: string, parent: () => AnyPgColumn) =>
  bigint(name, { mode: 'number' }).notNull().references(parent, { onDelete: 'cascade' });

/**
 * A row that extends another one to one (a video's transcript, a keyword's portrait): its key is the
 * other row's id, and it is deleted with it.
 */
export const extensionOf = (name: string, parent: () => AnyPgColumn) =>
  bigint(name, { mode: 'number' }).primaryKey().references(parent, { onDelete: 'cascade' });
