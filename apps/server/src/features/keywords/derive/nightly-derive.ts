import { platformSchema } from '@dso/contract';
import { nextShanghaiHour } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { enqueueJob } from '../../jobs';
import { enqueueDerive } from '../import/keyword-import.service';
import type { KeywordScope } from '../keyword-scope';

/**
 * The nightly full derive (docs/keywords.md, "Derive"): collections through the day add words and derive only what
 * they changed; once a night every library is derived whole (gram statistics rebuilt from the rows, planner
 * statistics, industry medians and grades, boards, correlations), so that what the derive of changes approximates
 * (a gram head's tail, a median moved by many small changes) and PGlite's planner statistics (it has no autovacuum)
 * never drift for more than a day.
 */
export const KEYWORDS_NIGHTLY_DERIVE_JOB = 'keywords.nightly_derive';

/** Shanghai hour of the nightly derive: after the day's last boards, before the morning's collections (04:30 on). */
export const NIGHTLY_DERIVE_HOUR = 3;

/** Keeps the next night's derive queued (every worker calls it; the singleton key keeps one). */
export async function scheduleNightlyDerive(db: Database, now = new Date()) {
  await enqueueJob(db, {
    kind: KEYWORDS_NIGHTLY_DERIVE_JOB,
    runAfter: nextShanghaiHour(now, NIGHTLY_DERIVE_HOUR),
    singletonKey: KEYWORDS_NIGHTLY_DERIVE_JOB,
    maxAttempts: 3,
  });
}

/** Queues a full derive of every library holding keywords; returns those libraries. */
export async function queueNightlyDerives(db: Database): Promise<KeywordScope[]> {
  const scopes = await libraryScopes(db);
  for (const scope of scopes) await enqueueDerive(db, scope);
  return scopes;
}

/**
 * The libraries holding keywords, read by skipping through the (platform, country, keyword) index one library at a
 * time rather than reading every row.
 */
async function libraryScopes(db: Database): Promise<KeywordScope[]> {
  const rows = await queryRows<{ platform: string; country: string }>(
    db,
    sql`
    WITH RECURSIVE libraries AS (
      (SELECT platform, country FROM keywords ORDER BY platform, country LIMIT 1)
      UNION ALL
      SELECT next.platform, next.country FROM libraries, LATERAL (
        SELECT platform, country FROM keywords
        WHERE (platform, country) > (libraries.platform, libraries.country)
        ORDER BY platform, country LIMIT 1
      ) AS next
    )
    SELECT platform, country FROM libraries
  `,
  );
  return rows.map((row) => ({ platform: platformSchema.parse(row.platform), country: row.country }));
}
