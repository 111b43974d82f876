import { sql } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { useTestDatabase } from '../../testing/route-suite';

/** The queue tests' suite database, its jobs removed before each test so that each starts on an empty queue. */
export function useQueueDatabase() {
  const database = useTestDatabase();
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM jobs`);
  });
  return database;
}
