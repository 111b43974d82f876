import { ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { monitorItems } from '../../db/schema';

/** The works (aweme ids) any member monitors under a keyword: part of what the scheduled refresh keeps fresh. */
export async function monitoredWorks(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ awemeId: monitorItems.awemeId })
    .from(monitorItems)
    .where(ne(monitorItems.awemeId, ''))
    .orderBy(monitorItems.awemeId);
  return rows.map((row) => row.awemeId);
}
