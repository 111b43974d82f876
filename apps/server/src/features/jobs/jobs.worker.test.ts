import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { claimJob, enqueueJob, findJob } from './jobs.queue';
import { useQueueDatabase } from './jobs.testing';
import { type JobHandlers, JobWorker, PermanentJobError } from './jobs.worker';

describe('job worker', () => {
  const database = useQueueDatabase();

  const noBackoff = { backoffMs: () => 0, pollMs: 10 };

  it('runs every job exactly once when two workers share the queue', async () => {
    for (let i = 0; i < 30; i++) await enqueueJob(database.db, { kind: 'count', payload: { i } });
    const runs: Array<{ worker: string; i: number }> = [];
    const handlers = (worker: string): JobHandlers => ({
      count: async (payload) => {
        runs.push({ worker, i: (payload as { i: number }).i });
        // Hand the turn over so the other worker claims while this one holds its job.
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    const first = new JobWorker(database.db, handlers('first'), { ...noBackoff, workerId: 'first' });
    const second = new JobWorker(database.db, handlers('second'), { ...noBackoff, workerId: 'second' });
    await Promise.all([first.drain(), second.drain()]);
    expect(runs.map((run) => run.i).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const statuses = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`SELECT status, count(*)::int AS n FROM jobs GROUP BY status`,
    );
    expect(statuses).toEqual([{ status: 'done', n: 30 }]);
  });

  it('never hands one due job to two concurrent claims', async () => {
    await enqueueJob(database.db, { kind: 'single' });
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        claimJob(database.db, { workerId: `w${i}`, kinds: ['single'], staleMs: 60_000 }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('retries a failing job with backoff and records the error', async () => {
    const id = (await enqueueJob(database.db, { kind: 'flaky', maxAttempts: 3 }))!;
    let calls = 0;
    const delays: number[] = [];
    const worker = new JobWorker(
      database.db,
      {
        flaky: async () => {
          calls++;
          if (calls < 3) throw new Error(`boom ${calls}`);
        },
      },
      {
        backoffMs: (attempt) => {
          delays.push(attempt);
          return 60_000;
        },
      },
    );
    expect(await worker.runOnce()).toBe(true);
    let job = await findJob(database.db, id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Error: boom 1' });
    // Not due yet: the backoff holds it back.
    expect(await worker.runOnce()).toBe(false);
    await database.db.execute(sql`UPDATE jobs SET run_after = now() WHERE id = ${id}`);
    await worker.runOnce();
    await database.db.execute(sql`UPDATE jobs SET run_after = now() WHERE id = ${id}`);
    await worker.runOnce();
    job = await findJob(database.db, id);
    expect(job).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    expect(delays).toEqual([1, 2]);
  });

  it('fails a job for good after its last attempt, and at once on a permanent error', async () => {
    const exhausted = (await enqueueJob(database.db, { kind: 'broken', maxAttempts: 2 }))!;
    const permanent = (await enqueueJob(database.db, { kind: 'bad', maxAttempts: 5 }))!;
    const worker = new JobWorker(
      database.db,
      {
        broken: async () => {
          throw new Error('always');
        },
        bad: async () => {
          throw new PermanentJobError('cannot read the file');
        },
      },
      noBackoff,
    );
    await worker.drain();
    expect(await findJob(database.db, exhausted)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await findJob(database.db, permanent)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'PermanentJobError: cannot read the file',
    });
  });

  it('claims again a job whose worker died holding it, once the lock is stale', async () => {
    const id = (await enqueueJob(database.db, { kind: 'resume' }))!;
    // A worker claims it and dies without finishing.
    const dead = await claimJob(database.db, { workerId: 'dead', kinds: ['resume'], staleMs: 60_000 });
    expect(dead?.id).toBe(id);
    const ran: string[] = [];
    const worker = new JobWorker(
      database.db,
      { resume: async () => void ran.push('ran') },
      {
        ...noBackoff,
        staleMs: 60_000,
      },
    );
    // The lock is fresh: nobody else may take it.
    expect(await worker.runOnce()).toBe(false);
    await database.db.execute(sql`UPDATE jobs SET locked_at = now() - interval '2 minutes' WHERE id = ${id}`);
    expect(await worker.runOnce()).toBe(true);
    expect(ran).toEqual(['ran']);
    expect(await findJob(database.db, id)).toMatchObject({ status: 'done', attempts: 2, locked_by: worker.workerId });
    // The dead worker coming back cannot overwrite the outcome.
    const { completeJob } = await import('./jobs.queue');
    expect(await completeJob(database.db, id, 'dead')).toBe(false);
  });

  it('keeps a long job locked with heartbeats so no one else claims it', async () => {
    const id = (await enqueueJob(database.db, { kind: 'long' }))!;
    let release: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = new JobWorker(database.db, { long: () => running }, { staleMs: 300, heartbeatMs: 50 });
    const run = worker.runOnce();
    await vi.waitFor(async () => expect(await findJob(database.db, id)).toMatchObject({ status: 'running' }));
    // Its lock moved back past staleMs, as if the job had run long since it was claimed, instead of sleeping
    // that long: a heartbeat renews it, and a rival finds the job taken.
    await database.db.execute(sql`UPDATE jobs SET locked_at = now() - interval '1 minute' WHERE id = ${id}`);
    await vi.waitFor(
      async () => {
        const [lock] = await queryRows<{ fresh: boolean }>(
          database.db,
          sql`SELECT locked_at > now() - interval '300 milliseconds' AS fresh FROM jobs WHERE id = ${id}`,
        );
        expect(lock?.fresh, 'no heartbeat renewed the lock').toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    const rival = await claimJob(database.db, { workerId: 'rival', kinds: ['long'], staleMs: 300 });
    expect(rival).toBeNull();
    release();
    await run;
    expect(await findJob(database.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('drops a second queued job with the same singleton key', async () => {
    const first = await enqueueJob(database.db, { kind: 'derive', singletonKey: 'DSO' });
    const second = await enqueueJob(database.db, { kind: 'derive', singletonKey: 'DSO' });
    const other = await enqueueJob(database.db, { kind: 'derive', singletonKey: 'RSO' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(other).not.toBeNull();
    // Once the first is running, a new one may queue (the data may have changed since it started).
    await claimJob(database.db, { workerId: 'w', kinds: ['derive'], staleMs: 60_000 });
    expect(await enqueueJob(database.db, { kind: 'derive', singletonKey: 'DSO' })).not.toBeNull();
  });

  it('polls in the background until stopped', async () => {
    const seen: number[] = [];
    const worker = new JobWorker(
      database.db,
      { tick: async (payload) => void seen.push((payload as { n: number }).n) },
      noBackoff,
    );
    worker.start();
    await enqueueJob(database.db, { kind: 'tick', payload: { n: 1 } });
    await enqueueJob(database.db, { kind: 'tick', payload: { n: 2 } });
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(seen).toEqual([1, 2]);
  });

  it('gives a job still running after the stop grace back to the queue, for another worker to take at once', async () => {
    const id = (await enqueueJob(database.db, { kind: 'long' }))!;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let handlerSignal: AbortSignal | null = null;
    const stopping = new JobWorker(
      database.db,
      {
        // A job that outlasts any shutdown: it ends only when told to stop.
        long: (_payload, { signal }) => {
          handlerSignal = signal;
          started();
          return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        },
      },
      { ...noBackoff, workerId: 'stopping' },
    );
    stopping.start();
    await running;
    expect(await findJob(database.db, id)).toMatchObject({ status: 'running', locked_by: 'stopping', attempts: 1 });

    const stopAsked = Date.now();
    await stopping.stop({ graceMs: 100 });
    expect(Date.now() - stopAsked).toBeLessThan(2_000);
    expect(handlerSignal!.aborted).toBe(true);
    // Back in the queue, due now, with the interrupted attempt not counted.
    expect(await findJob(database.db, id)).toMatchObject({ status: 'queued', locked_by: null, attempts: 0 });

    const ran: number[] = [];
    const next = new JobWorker(database.db, { long: async () => void ran.push(id) }, { workerId: 'next' });
    expect(await next.runOnce()).toBe(true);
    expect(ran).toEqual([id]);
    expect(await findJob(database.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('lets a job that ends within the stop grace finish and complete', async () => {
    const id = (await enqueueJob(database.db, { kind: 'short' }))!;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = new JobWorker(
      database.db,
      {
        short: async () => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      },
      noBackoff,
    );
    worker.start();
    await running;
    await worker.stop({ graceMs: 5_000 });
    expect(await findJob(database.db, id)).toMatchObject({ status: 'done' });
  });
});
