import { calendarDaySchema, monitoringMessages } from '@dso/contract';
import { nextShanghaiHour, RANK_DEPTH, shanghaiDay } from '@dso/domain';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { type RankedEntry, type RankSource, RankSourceError } from '../../providers/rank-source/index';
import { enqueueJob, type JobHandlers, PermanentJobError } from '../jobs';
import { createBigMoveAlerts } from './monitor-alerts';
import * as checks from './monitor-checks.repository';
import type { ItemRow } from './monitor-rows';
import * as repository from './monitoring.repository';

/**
 * The daily check round (docs/monitoring.md): at the configured Asia/Shanghai hour the round job queues
 * check jobs over every item not yet checked that day, in keyword order; each check job takes its items
 * one at a time through a claim (a unique check row per item and day, so two workers, or two copies of a
 * job, never check an item twice), reads the keyword's ranking once per day from the rank source (paced),
 * and records ranked, not ranked, or failed. A source that is down or asks us to slow down fails the
 * attempt, and the job is retried with backoff, taking its own unfinished items again; on the last attempt
 * the items still unchecked are recorded as failed, never as a rank.
 */

export const MONITOR_ROUND_JOB = 'monitoring.round';
export const MONITOR_CHECK_JOB = 'monitoring.check';

/** Items per check job. */
export const CHECK_BATCH = 50;
const CHECK_MAX_ATTEMPTS = 5;

/** What a failed check tells the user (the reason stays in the log). */
const failedMessage = monitoringMessages.checkFailed;
const abandonedMessage = '检测中断';

/** Queues the next round unless one already waits (every instance and worker calls this at start). */
export async function scheduleMonitoringRound(db: Database, hour: number, now = new Date()) {
  await enqueueJob(db, {
    kind: MONITOR_ROUND_JOB,
    runAfter: nextShanghaiHour(now, hour),
    singletonKey: MONITOR_ROUND_JOB,
    maxAttempts: 3,
  });
}

/**
 * Starts a day's round: checks left running on earlier days become failed, and the items without a check
 * on `day` are queued in check jobs of {@link CHECK_BATCH}. Returns the number of items queued.
 */
export async function startMonitoringRound(db: Database, day = shanghaiDay(new Date())): Promise<number> {
  await checks.failAbandonedChecks(db, day, abandonedMessage);
  const ids = await checks.selectUncheckedItemIds(db, day);
  for (let start = 0; start < ids.length; start += CHECK_BATCH) {
    await queueChecks(db, ids.slice(start, start + CHECK_BATCH), day);
  }
  return ids.length;
}

/** Queues a check job for items (new items are checked the day they are added). */
export async function queueChecks(db: Database, itemIds: number[], day = shanghaiDay(new Date())) {
  if (itemIds.length === 0) return;
  await enqueueJob(db, { kind: MONITOR_CHECK_JOB, payload: { day, itemIds }, maxAttempts: CHECK_MAX_ATTEMPTS });
}

/** Spaces calls to the source: at most `perSecond` starts a second in this process. */
export function createPacer(perSecond: number, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const gapMs = perSecond > 0 ? 1000 / perSecond : 0;
  let next = 0;
  return async function pace() {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await sleep(at - now);
  };
}

export interface CheckDeps {
  rankSource: RankSource;
  /** Waits for this process's turn to call the source. */
  pace: () => Promise<void>;
}

export interface CheckRunOptions {
  day: string;
  itemIds: number[];
  /** Who claims: one claimer per job (its retries take its own unfinished items again). */
  claimedBy: string;
  /** On the last attempt a source that does not answer fails the items instead of retrying. */
  lastAttempt: boolean;
}

export interface CheckRunSummary {
  checked: number;
  failed: number;
  /** Items another claimer holds or that were already checked that day. */
  skipped: number;
}

/**
 * Checks a batch of items for a day (the check job's work; tests run it with two claimers at once).
 * Throws the source's error (after recording what was done) when the attempt should be retried.
 */
export async function runChecks(db: Database, deps: CheckDeps, options: CheckRunOptions): Promise<CheckRunSummary> {
  const items = await repository.selectItemsByIds(db, options.itemIds);
  const summary: CheckRunSummary = { checked: 0, failed: 0, skipped: options.itemIds.length - items.length };
  // The batch is claimed in one statement and recorded a keyword at a time (its items share the day's
  // ranking): a few statements per keyword instead of two per item, which is what lets two workers get
  // through 100,000 items well inside the round (docs/monitoring.md, "Speed").
  const claims = await checks.claimChecks(
    db,
    items.map((item) => item.id),
    options.day,
    options.claimedBy,
  );
  summary.skipped += items.length - claims.size;
  const groups = new Map<string, Array<{ item: ItemRow; checkId: number }>>();
  for (const item of items) {
    const checkId = claims.get(item.id);
    if (checkId === undefined) continue;
    const key = `${item.platform}\u0001${item.keyword}`;
    const group = groups.get(key);
    if (group) group.push({ item, checkId });
    else groups.set(key, [{ item, checkId }]);
  }
  const failAll = async (group: Array<{ item: ItemRow; checkId: number }>) => {
    await checks.finishChecks(
      db,
      options.claimedBy,
      group.map(({ item, checkId }) => ({
        itemId: item.id,
        checkId,
        outcome: { status: 'failed', error: failedMessage },
      })),
    );
    summary.failed += group.length;
  };
  let refused: RankSourceError | null = null;
  for (const group of groups.values()) {
    await yieldToEventLoop();
    if (refused) {
      await failAll(group);
      continue;
    }
    const { platform, keyword } = group[0]!.item;
    let ranking: RankedEntry[];
    try {
      ranking = await rankingOf(db, deps, { platform, keyword, day: options.day });
    } catch (error) {
      if (!(error instanceof RankSourceError)) throw error;
      if (error.reason === 'unauthorized') {
        refused = error;
      } else if (!options.lastAttempt) {
        // The items recorded so far stand; this group and the rest stay claimed by this job, whose retry
        // takes them again.
        throw error;
      }
      await failAll(group);
      continue;
    }
    await checks.finishChecks(
      db,
      options.claimedBy,
      group.map(({ item, checkId }) => ({ itemId: item.id, checkId, outcome: outcomeOf(item.aweme_id, ranking) })),
    );
    for (const { item } of group) {
      if (!item.aweme_id || item.work_title) continue;
      const work = ranking.find((entry) => entry.awemeId === item.aweme_id);
      if (work?.title) await checks.fillWorkTitle(db, item.id, work.title);
    }
    summary.checked += group.length;
  }
  // Alerts of big moves over the whole batch, idempotent: a retried job makes those its earlier attempt missed.
  await createBigMoveAlerts(db, { day: options.day, itemIds: options.itemIds });
  if (refused) throw new PermanentJobError(`rank source refused: ${refused.message}`);
  return summary;
}

/** A keyword item is ranked with its ranked-work count; a work item with its place, or not ranked. */
function outcomeOf(awemeId: string, ranking: RankedEntry[]): checks.CheckOutcome {
  if (!awemeId) {
    return ranking.length > 0
      ? { status: 'ranked', rank: null, rankedCount: ranking.length }
      : { status: 'unranked', rankedCount: 0 };
  }
  const place = ranking.findIndex((entry) => entry.awemeId === awemeId);
  return place >= 0
    ? { status: 'ranked', rank: place + 1, rankedCount: null }
    : { status: 'unranked', rankedCount: null };
}

/** The day's stored ranking of a keyword, else read from the source (paced) and stored. */
async function rankingOf(db: Database, deps: CheckDeps, key: { platform: string; keyword: string; day: string }) {
  const stored = await checks.selectRanking(db, key);
  if (stored) return stored;
  await deps.pace();
  const entries = await deps.rankSource.fetchRanking({ ...key, depth: RANK_DEPTH });
  return checks.storeRanking(db, key, entries.slice(0, RANK_DEPTH), deps.rankSource.name);
}

const checkPayloadSchema = z.object({
  day: calendarDaySchema,
  itemIds: z.array(z.number().int().positive()).max(1_000),
});
const roundPayloadSchema = z.object({
  day: calendarDaySchema.optional(),
});

/** The round and check jobs, given the rank source, the pace and the round's hour. */
export function monitoringJobHandlers(deps: {
  rankSource: RankSource;
  checksPerSecond: number;
  checkHour: number;
}): JobHandlers {
  const pace = createPacer(deps.checksPerSecond);
  return {
    async [MONITOR_ROUND_JOB](payload, { db, log }) {
      const parsed = roundPayloadSchema.safeParse(payload);
      const day = (parsed.success && parsed.data.day) || shanghaiDay(new Date());
      try {
        const queued = await startMonitoringRound(db, day);
        log.info({ day, queued }, 'monitoring round queued');
      } finally {
        await scheduleMonitoringRound(db, deps.checkHour);
      }
    },
    async [MONITOR_CHECK_JOB](payload, { db, job, log }) {
      const parsed = checkPayloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const summary = await runChecks(
        db,
        { rankSource: deps.rankSource, pace },
        {
          ...parsed.data,
          claimedBy: `job:${job.id}`,
          lastAttempt: job.attempts >= job.maxAttempts,
        },
      );
      log.info({ day: parsed.data.day, ...summary }, 'monitoring checks done');
    },
  };
}
