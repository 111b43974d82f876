import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { at, createdAt, rowId } from './columns';

/*
 * API keys (docs/api.md, "Keys and units"), owned by the api-keys feature. A key acts as its owner on
 * the open API (/open/v1) and the MCP server.
 */

/**
 * One API key of a member. The key itself (`dso_` + a 256-bit random secret) is shown once when it is
 * made; only its SHA-256 is kept, and `prefix` (its first characters) names it in the list. A revoked
 * key stays as a row (`revoked_at`) so the ledger's reasons still name something the member recognises.
 * `minute_start` / `minute_calls` count the calls of the current minute for the per-key limit, in the
 * same statement that records `last_used_at`, so every instance sees one count.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: rowId(),
    userId: ownerId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    minuteStart: at('minute_start'),
    minuteCalls: integer('minute_calls').notNull().default(0),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.revokedAt)],
);
