import { describe, expect, it, vi } from 'vitest';
import { JobLanes, jobLanes } from './jobs.lanes';
import { enqueueJob, findJob } from './jobs.queue';
import { useQueueDatabase } from './jobs.testing';
import type { JobHandlers } from './jobs.worker';

/** A handler that runs until its test lets it go, and says how many are running. */
function heldHandler() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { running: 0, most: 0, release: () => release() };
  const handler = async () => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    await released;
    state.running--;
  };
  return { state, handler };
}

describe('job lanes', () => {
  const database = useQueueDatabase();

  const statusOf = async (id: number) => (await findJob(database.db, id))?.status;

  it('gives each lane its named kinds and the rest to main, dropping a lane with none', () => {
    const noop = async () => {};
    const handlers: JobHandlers = { 'collection.run': noop, 'keywords.derive': noop, 'orders.upkeep': noop };
    const lanes = jobLanes(handlers, [
      { name: 'collection', kinds: ['collection.run'], concurrency: 2 },
      { name: 'absent', kinds: ['nothing.here'], concurrency: 1 },
    ]);
    expect(lanes.map((lane) => [lane.name, Object.keys(lane.handlers), lane.concurrency])).toEqual([
      ['main', ['keywords.derive', 'orders.upkeep'], 1],
      ['collection', ['collection.run'], 2],
    ]);
  });

  it('runs a main job while a long job holds the other lane, and both slots of a two-slot lane', async () => {
    const long = heldHandler();
    const lanes = new JobLanes(
      database.db,
      jobLanes({ long: long.handler, quick: async () => {} }, [{ name: 'slow', kinds: ['long'], concurrency: 2 }]),
      { pollMs: 10 },
    );
    const first = (await enqueueJob(database.db, { kind: 'long' }))!;
    const second = (await enqueueJob(database.db, { kind: 'long' }))!;
    const quick = (await enqueueJob(database.db, { kind: 'quick' }))!;
    lanes.start();
    try {
      await vi.waitFor(async () => expect(await statusOf(quick)).toBe('done'), { timeout: 10_000, interval: 20 });
      await vi.waitFor(() => expect(long.state.running).toBe(2), { timeout: 10_000, interval: 20 });
      expect(await statusOf(first)).toBe('running');
      expect(await statusOf(second)).toBe('running');
      long.state.release();
      await vi.waitFor(async () => expect(await statusOf(second)).toBe('done'), { timeout: 10_000, interval: 20 });
      expect(await statusOf(first)).toBe('done');
    } finally {
      long.state.release();
      await lanes.stop();
    }
    expect(long.state.most).toBe(2);
  });

  it('gives every lane’s job in hand back to the queue when stopped with a grace', async () => {
    const held = heldHandler();
    const lanes = new JobLanes(
      database.db,
      jobLanes({ a: held.handler, b: held.handler }, [{ name: 'b', kinds: ['b'], concurrency: 1 }]),
      { pollMs: 10 },
    );
    const a = (await enqueueJob(database.db, { kind: 'a' }))!;
    const b = (await enqueueJob(database.db, { kind: 'b' }))!;
    lanes.start();
    await vi.waitFor(() => expect(held.state.running).toBe(2), { timeout: 10_000, interval: 20 });
    await lanes.stop({ graceMs: 50 });
    held.state.release();
    expect([await statusOf(a), await statusOf(b)]).toEqual(['queued', 'queued']);
  });

  it('drains every lane and counts what ran', async () => {
    const ran: string[] = [];
    const record = (kind: string) => async () => {
      ran.push(kind);
    };
    for (const kind of ['x', 'y', 'y', 'z']) await enqueueJob(database.db, { kind });
    const lanes = new JobLanes(
      database.db,
      jobLanes({ x: record('x'), y: record('y'), z: record('z') }, [{ name: 'y', kinds: ['y'], concurrency: 2 }]),
    );
    expect(await lanes.drain()).toBe(4);
    expect(ran.sort()).toEqual(['x', 'y', 'y', 'z']);
  });
});
