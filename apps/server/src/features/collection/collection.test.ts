import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { collectionRuns, creators, favourites, monitorItems, videos } from '../../db/schema';
import { createCreator, createTestDatabase, createUser, createVideo } from '../../testing';
import { JobWorker } from '../jobs';
import { allCollectionKinds, collectionJobHandlers } from './collection.jobs';
import { CollectionScheduler } from './collection.scheduler';
import { COLLECTION_RUN_JOB, runCollection } from './collection.service';
import { scriptedHotList, scriptedSource, testPace, vendorError } from './collection.testing';
import { latestWindow, nextWindow, windowKeyOf } from './collection.windows';
import { topWorksCollection } from './kinds/watched-works.collection';

/* The member's side is written here: a test may set up another feature's rows, its helpers may not. */
/** A member collects a video and a creator and monitors a work under a keyword. */
export async function watchWorks(
  db: Database,
  userId: number,
  works: { videos?: string[]; creators?: string[]; monitored?: string[] },
) {
  for (const key of works.videos ?? []) {
    await db.insert(favourites).values({ userId, kind: 'video', platform: 'DSO', subjectKey: key });
  }
  for (const key of works.creators ?? []) {
    await db.insert(favourites).values({ userId, kind: 'creator', platform: 'DSO', subjectKey: key });
  }
  for (const awemeId of works.monitored ?? []) {
    await db.insert(monitorItems).values({ userId, keyword: '露营', awemeId, workTitle: '作品' });
  }
}

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
/** The watched works' schedule alone: the tests of one collection's windows leave the others off. */
const othersOff = {
  hot_boards: null,
  douyin_hot_boards: null,
  suggestions: null,
  top_works: null,
  red_hot_boards: null,
  kuaishou_hot_boards: null,
  bilibili_hot_boards: null,
  red_suggestions: null,
  work_discovery: null,
  topic_suggestions: null,
};
const crons = { ...othersOff, watched_works: '30 4 * * *' };
const limits = { dailyCalls: 1_000, callsPerSecond: 1_000 };

describe('collection windows', () => {
  it('names the due instant in Shanghai time and finds the window a worker owes', () => {
    const at = new Date('2026-11-28T20:30:00.000Z'); // 04:30 in Shanghai
    expect(windowKeyOf(latestWindow('30 4 * * *', at)!)).toBe('2026-11-29T04:30+08');
    expect(windowKeyOf(latestWindow('30 4 * * *', new Date(at.getTime() - 1))!)).toBe('2026-11-28T04:30+08');
    expect(windowKeyOf(nextWindow('30 4 * * *', at)!)).toBe('2026-11-30T04:30+08');
    expect(windowKeyOf(latestWindow('0 */2 * * *', new Date('2026-11-28T21:59:00Z'))!)).toBe('2026-11-29T04:00+08');
  });
});

describe('collection configuration', () => {
  const env = { TEST_ENV_MARKER: '1' };
  /** Each collection's cron when COLLECT_SCHEDULES leaves it alone. */
  const defaultCrons = {
    watched_works: '30 4 * * *',
    hot_boards: '10 */2 * * *',
    douyin_hot_boards: '10 1-23/2 * * *',
    suggestions: '0 5 * * *',
    top_works: '0 6 * * *',
    red_hot_boards: '20 */2 * * *',
    kuaishou_hot_boards: '30 */2 * * *',
    bilibili_hot_boards: '40 */2 * * *',
    red_suggestions: '30 5 * * *',
    work_discovery: '0 7 * * *',
    topic_suggestions: '30 7 * * *',
  };
  it('refuses to start with a cron it cannot read, naming the collection', () => {
    expect(() => loadConfig({ ...env, COLLECT_SCHEDULES: 'watched_works=61 4 * * *' })).toThrow(
      /COLLECT_SCHEDULES: watched_works 的 cron 表达式“61 4 \* \* \*”无效/,
    );
    expect(() => loadConfig({ ...env, COLLECT_SCHEDULES: 'hot_everything=0 * * * *' })).toThrow(/无法识别/);
    expect(() => loadConfig({ ...env, COLLECT_DAILY_CALLS: 'platform-data=lots' })).toThrow(/应为正数/);
  });

  it('reads schedules, budgets and paces over the defaults, and off', () => {
    expect(loadConfig(env).collection.crons).toEqual(defaultCrons);
    const config = loadConfig({
      ...env,
      COLLECT_SCHEDULES: 'watched_works=0 3 * * *',
      COLLECT_DAILY_CALLS: 'platform-data=200',
      COLLECT_CALLS_PER_SECOND: 'platform-data=2',
    });
    expect(config.collection).toEqual({
      crons: { ...defaultCrons, watched_works: '0 3 * * *' },
      // Every source is the sandbox: the server's own worker schedules none of them.
      realSourceCrons: { watched_works: null, ...othersOff },
      limits: {
        'platform-data': { dailyCalls: 200, callsPerSecond: 2 },
        'hot-list': { dailyCalls: 500, callsPerSecond: 1 },
      },
    });
    expect(loadConfig({ ...env, COLLECT_SCHEDULES: 'watched_works=off' }).collection.crons.watched_works).toBeNull();
    // TikHub configured, the hot lists still the sandbox: the server's worker collects TikHub's on schedule.
    const tikhub = loadConfig({ ...env, PLATFORM_DATA_PROVIDER: 'tikhub', TIKHUB_API_KEY: 'k' });
    expect(tikhub.collection.realSourceCrons).toEqual({ ...defaultCrons, douyin_hot_boards: null });
  });

  it('lists a scheduled collection on the sandbox among the checks a production start must pass', () => {
    const check = (extra: Record<string, string>) =>
      loadConfig({ ...env, ...extra }).productionChecks.find(
        (item) => item.variable === 'COLLECT_SCHEDULES:watched_works',
      );
    expect(check({})).toMatchObject({ passed: false, problem: expect.stringContaining('watched_works=off') });
    expect(check({ COLLECT_SCHEDULES: 'watched_works=off' })?.passed).toBe(true);
    expect(
      check({ PLATFORM_DATA_PROVIDER: 'tikhub', TIKHUB_API_KEY: 'k'.repeat(20), COLLECT_SCHEDULES: '' })?.passed,
    ).toBe(true);
  });
});

describe('scheduled collection of watched works', () => {
  let database: Handle;
  const db = () => database.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await db().execute(sql`DELETE FROM jobs`);
    await db().execute(sql`DELETE FROM collection_runs`);
    await db().execute(sql`DELETE FROM favourites`);
    await db().execute(sql`DELETE FROM monitor_items`);
  });

  /** A collected video, a monitored one and a collected creator, and a source that knows both videos. */
  async function watchedLibrary() {
    const user = await createUser(db());
    const author = await createCreator(db(), { followers: 1_000 });
    const liked = await createVideo(db(), { creatorId: author.id, goodCount: 500 });
    const monitored = await createVideo(db(), { creatorId: author.id, goodCount: 800 });
    const collectedCreator = await createCreator(db(), { followers: 7_000 });
    await watchWorks(db(), user.id, {
      videos: [liked.awemeId],
      monitored: [monitored.awemeId],
      creators: [collectedCreator.userId],
    });
    const known = {
      [liked.awemeId]: { authorUserId: author.userId, goodCount: 500 },
      [monitored.awemeId]: { authorUserId: author.userId, goodCount: 800 },
    };
    return { liked, monitored, collectedCreator, known };
  }

  const runs = () => db().select().from(collectionRuns).orderBy(collectionRuns.id);
  const worker = (id: string, source: ReturnType<typeof scriptedSource>, dailyCalls = limits.dailyCalls) =>
    new JobWorker(
      db(),
      collectionJobHandlers({
        platformData: source,
        hotList: scriptedHotList({}),
        limits: { 'platform-data': { ...limits, dailyCalls }, 'hot-list': limits },
      }),
      { workerId: id, backoffMs: () => 60_000 },
    );

  it('refreshes every collected and monitored work and records the run', async () => {
    const { liked, monitored, collectedCreator, known } = await watchedLibrary();
    const calls: string[] = [];
    const scheduler = new CollectionScheduler(db(), { crons, log: silent });
    await scheduler.enqueueDue('watched_works', new Date('2026-11-28T20:30:00Z'));
    expect(await worker('w1', scriptedSource({ videos: known, calls })).drain()).toBe(1);

    const [run] = await runs();
    expect(run).toMatchObject({
      collection: 'watched_works',
      source: 'platform-data',
      windowKey: '2026-11-29T04:30+08',
      trigger: 'schedule',
      status: 'succeeded',
      rowsUpdated: 3,
      failures: 0,
      error: null,
      callsMade: calls.length,
    });
    expect(run!.finishedAt).not.toBeNull();
    // Each video: itself, its author, comments and trend; the creator: one profile.
    expect(calls).toHaveLength(9);
    const [fresh] = await db().select().from(videos).where(eq(videos.id, liked.id));
    expect(fresh!.goodCount).toBe(600);
    const [freshMonitored] = await db().select().from(videos).where(eq(videos.id, monitored.id));
    expect(freshMonitored!.goodCount).toBe(900);
    const [creator] = await db().select().from(creators).where(eq(creators.id, collectedCreator.id));
    expect(creator!.totalFollowerCount).toBe(50_000);
  });

  it('refreshes the most liked videos of the library, whether anyone watches them or not', async () => {
    await db().execute(sql`TRUNCATE videos, creators RESTART IDENTITY CASCADE`);
    const author = await createCreator(db());
    const [top, second, third] = [
      await createVideo(db(), { creatorId: author.id, goodCount: 90_000 }),
      await createVideo(db(), { creatorId: author.id, goodCount: 70_000 }),
      await createVideo(db(), { creatorId: author.id, goodCount: 50_000 }),
    ];
    const calls: string[] = [];
    // The source knows the top video only: the second counts as unchanged, the third is past the count.
    const source = scriptedSource({
      videos: { [top!.awemeId]: { authorUserId: author.userId, goodCount: 90_000 } },
      calls,
    });
    const kind = {
      ...allCollectionKinds({ platformData: source, hotList: scriptedHotList({}) }).top_works,
      handler: topWorksCollection({ platformData: source, count: 2 }),
    };
    const outcome = await runCollection(db(), {
      kind,
      window: 'top',
      trigger: 'manual',
      jobId: null,
      limits,
      pace: testPace(),
      log: silent,
    });
    expect(outcome).toMatchObject({ status: 'succeeded', tally: { updated: 1, unchanged: 1, failures: 0 } });
    expect(calls.filter((call) => call.startsWith('video:'))).toEqual([
      `video:${top!.awemeId}`,
      `video:${second!.awemeId}`,
    ]);
    const [fresh] = await db().select().from(videos).where(eq(videos.id, top!.id));
    expect(fresh!.goodCount).toBe(90_100);
    const [untouched] = await db().select().from(videos).where(eq(videos.id, third!.id));
    expect(untouched!.goodCount).toBe(50_000);
  });

  it('lets two workers racing for one window run it once', async () => {
    const { known } = await watchedLibrary();
    const calls: string[] = [];
    const due = new Date('2026-11-28T20:30:00Z');
    // Two processes' schedulers fire for the same window: one job waits.
    const [a, b] = [
      new CollectionScheduler(db(), { crons, log: silent }),
      new CollectionScheduler(db(), { crons, log: silent }),
    ];
    const queued = await Promise.all([a.enqueueDue('watched_works', due), b.enqueueDue('watched_works', due)]);
    expect(queued.filter((id) => id !== null)).toHaveLength(1);
    // The same window queued again while its job is in hand (the singleton only holds while queued), and two
    // workers draining at once: the run record lets one of them run it.
    const source = scriptedSource({ videos: known, calls });
    const first = worker('w1', source);
    const second = worker('w2', source);
    const late = a.enqueueDue('watched_works', due);
    await Promise.all([first.drain(), second.drain(), late.then(() => second.drain())]);
    const recorded = await runs();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'succeeded', windowKey: '2026-11-29T04:30+08' });
    expect(calls).toHaveLength(9);

    // Direct races on the record itself: of two runs of one window, one runs and one finds it taken.
    let handled = 0;
    const kind = {
      ...allCollectionKinds({ platformData: source, hotList: scriptedHotList({}) }).watched_works,
      handler: async () => {
        handled++;
      },
    };
    const options = { kind, window: 'race', trigger: 'schedule' as const, limits, pace: testPace(), log: silent };
    const outcomes = await Promise.all([
      runCollection(db(), { ...options, jobId: 101 }),
      runCollection(db(), { ...options, jobId: 102 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['empty', 'taken']);
    expect(handled).toBe(1);
  });

  it('takes back a window its own job left running, or one abandoned for hours, keeping the calls counted', async () => {
    const kind = {
      ...allCollectionKinds({ platformData: scriptedSource({ videos: {} }), hotList: scriptedHotList({}) })
        .watched_works,
    };
    const options = { kind, trigger: 'schedule' as const, limits, pace: testPace(), log: silent };
    await db().execute(sql`
      INSERT INTO collection_runs (collection, source, window_key, trigger, status, job_id, calls_made, started_at)
      VALUES ('watched_works', 'platform-data', 'mine', 'schedule', 'running', 7, 4, now() - interval '20 minutes'),
        ('watched_works', 'platform-data', 'recent', 'schedule', 'running', 8, 2, now() - interval '20 minutes'),
        ('watched_works', 'platform-data', 'old', 'schedule', 'running', 9, 3, now() - interval '7 hours')`);
    expect((await runCollection(db(), { ...options, window: 'mine', jobId: 7 })).status).toBe('empty');
    expect((await runCollection(db(), { ...options, window: 'recent', jobId: 70 })).status).toBe('taken');
    expect((await runCollection(db(), { ...options, window: 'old', jobId: 90 })).status).toBe('empty');
    expect((await runs()).map((run) => [run.windowKey, run.status, run.jobId, run.callsMade])).toEqual([
      ['mine', 'empty', 7, 4],
      ['recent', 'running', 8, 2],
      ['old', 'empty', 90, 3],
    ]);
  });

  it('queues the latest missed window once on start, and none when it has a run record', async () => {
    const scheduler = new CollectionScheduler(db(), { crons, log: silent });
    const now = new Date('2026-11-29T02:00:00Z'); // 10:00 in Shanghai: 04:30 was missed
    expect(await scheduler.catchUp(now)).toEqual(['watched_works@2026-11-29T04:30+08']);
    // A second worker starting while it waits: the same job.
    expect(await new CollectionScheduler(db(), { crons, log: silent }).catchUp(now)).toEqual([]);
    const jobs = await queryRows<{ payload: unknown; singleton_key: string }>(
      db(),
      sql`SELECT payload, singleton_key FROM jobs WHERE kind = ${COLLECTION_RUN_JOB}`,
    );
    expect(jobs).toEqual([
      {
        payload: { collection: 'watched_works', window: '2026-11-29T04:30+08', trigger: 'catch_up' },
        singleton_key: 'watched_works@2026-11-29T04:30+08',
      },
    ]);
    await worker('w1', scriptedSource({ videos: {} })).drain();
    expect((await runs()).map((run) => [run.trigger, run.status])).toEqual([['catch_up', 'empty']]);
    // Restarted later the same day: the window has its record.
    expect(await scheduler.catchUp(new Date('2026-11-29T03:00:00Z'))).toEqual([]);
    // Off schedules owe nothing.
    expect(
      await new CollectionScheduler(db(), { crons: { ...othersOff, watched_works: null }, log: silent }).catchUp(now),
    ).toEqual([]);
  });

  it('stops at the daily call budget and records it', async () => {
    const { liked, known } = await watchedLibrary();
    const calls: string[] = [];
    await new CollectionScheduler(db(), { crons, log: silent }).enqueueDue('watched_works', new Date());
    await worker('w1', scriptedSource({ videos: known, calls }), 6).drain();
    const [run] = await runs();
    expect(run).toMatchObject({
      status: 'skipped_budget',
      callsMade: 6,
      error: 'platform-data 今日调用额度已用完（6 次）',
      rowsUpdated: 1,
    });
    expect(calls).toHaveLength(6);
    // Not retried: the budget is spent until tomorrow.
    const [job] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM jobs`);
    expect(job!.status).toBe('done');
    const [first] = await db().select().from(videos).where(eq(videos.id, liked.id));
    expect(first!.goodCount).toBe(600);

    // Another window the same day finds the budget spent at its first call.
    await new CollectionScheduler(db(), {
      crons: { ...othersOff, watched_works: '* * * * *' },
      log: silent,
    }).enqueueDue('watched_works', new Date());
    await worker('w1', scriptedSource({ videos: known, calls }), 6).drain();
    expect((await runs()).map((r) => [r.status, r.callsMade])).toEqual([
      ['skipped_budget', 6],
      ['skipped_budget', 0],
    ]);
  });

  it('records a failing source as failed with its reason and leaves the figures and their as-of alone', async () => {
    const { liked, collectedCreator, known } = await watchedLibrary();
    const [videoBefore] = await db().select().from(videos).where(eq(videos.id, liked.id));
    const [creatorBefore] = await db().select().from(creators).where(eq(creators.id, collectedCreator.id));
    const failing = scriptedSource({
      videos: known,
      fail: vendorError('rate_limited', 'TikHub 429: Too Many Requests, retry after 60s'),
    });
    await new CollectionScheduler(db(), { crons, log: silent }).enqueueDue('watched_works', new Date());
    await worker('w1', failing).drain();

    const [run] = await runs();
    expect(run).toMatchObject({
      status: 'failed',
      failures: 3,
      rowsUpdated: 0,
      error: 'TikHub 429: Too Many Requests, retry after 60s',
    });
    const [videoAfter] = await db().select().from(videos).where(eq(videos.id, liked.id));
    expect(videoAfter!.goodCount).toBe(videoBefore!.goodCount);
    expect(videoAfter!.lastUpdateTime).toEqual(videoBefore!.lastUpdateTime);
    expect(videoAfter!.updatedAt).toEqual(videoBefore!.updatedAt);
    const [creatorAfter] = await db().select().from(creators).where(eq(creators.id, collectedCreator.id));
    expect(creatorAfter!.asOf).toBe(creatorBefore!.asOf);
    expect(creatorAfter!.totalFollowerCount).toBe(creatorBefore!.totalFollowerCount);
    // The queue retries it later, with backoff; the retry is a run of its own.
    const [job] = await queryRows<{ status: string; last_error: string }>(
      db(),
      sql`SELECT status, last_error FROM jobs`,
    );
    expect(job).toMatchObject({ status: 'queued', last_error: expect.stringContaining('TikHub 429') });
    await db().execute(sql`UPDATE jobs SET run_after = now()`);
    await worker('w1', scriptedSource({ videos: known })).drain();
    expect((await runs()).map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('fails the whole run at once when the source refuses our credentials', async () => {
    const { known } = await watchedLibrary();
    const calls: string[] = [];
    const refusing = scriptedSource({ videos: known, calls, fail: vendorError('unauthorized', 'TikHub 401: bad key') });
    await new CollectionScheduler(db(), { crons, log: silent }).enqueueDue('watched_works', new Date());
    await worker('w1', refusing).drain();
    const [run] = await runs();
    expect(run).toMatchObject({ status: 'failed', failures: 1, error: 'TikHub 401: bad key' });
    expect(calls.length).toBeLessThanOrEqual(4);
  });
});
