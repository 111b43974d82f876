import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts';
import { at, rowId } from './columns';

/**
 * 注销账号 requests (docs/accounts.md). `status` pending → cancelled (a login within the cooling-off
 * period) or pending → erasing → erased (the `account-closure.erase` job, once `erase_at` has passed).
 * The row outlives the erasure as the record that the account was closed and when; it holds no
 * personal data. At most one request per account is open (pending or erasing) at a time.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: rowId(),
    userId: ownerId(),
    status: text('status').$type<'pending' | 'cancelled' | 'erasing' | 'erased'>().notNull().default('pending'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    /** The end of the cooling-off period: the erasure runs after it. */
    eraseAt: at('erase_at').notNull(),
    cancelledAt: at('cancelled_at'),
    erasedAt: at('erased_at'),
  },
  (table) => [
    index('account_closures_user_idx').on(table.userId, table.id),
    uniqueIndex('account_closures_open_idx').on(table.userId).where(sql`status IN ('pending', 'erasing')`),
  ],
);
