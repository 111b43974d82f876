import type { Database } from '../../db/client';
import { enqueueJob, type JobHandlers } from '../jobs';
import { giveBackLapsedHolds } from './quota.service';

/**
 * The upkeep job that gives back reservations requests left held past their lapse time (an instance died mid-work),
 * so that a failed request costs its user nothing (docs/permissions.md, "Reservations that lapse").
 */
export const LAPSED_HOLDS_JOB = 'permissions.lapsed_holds';
/** How often it runs: a lapsed unit is back within this of its lapse time. */
const EVERY_MS = 5 * 60_000;

/** Queues the next run unless one already waits (every worker calls this at start). */
export async function scheduleLapsedHoldsRound(db: Database, runAfter = new Date()) {
  await enqueueJob(db, { kind: LAPSED_HOLDS_JOB, runAfter, singletonKey: LAPSED_HOLDS_JOB, maxAttempts: 3 });
}

export const lapsedHoldsJobHandlers: JobHandlers = {
  async [LAPSED_HOLDS_JOB](_payload, { db, log }) {
    const now = new Date();
    try {
      const returned = await giveBackLapsedHolds(db, now);
      if (returned > 0) log.warn({ returned }, 'lapsed reservations given back');
    } finally {
      await scheduleLapsedHoldsRound(db, new Date(now.getTime() + EVERY_MS));
    }
  },
};
