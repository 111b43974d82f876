import type { Database } from '../../db/client';
import { type JobHandlers, JobWorker, newWorkerId, type WorkerOptions } from './jobs.worker';

/** A share of the job kinds with the workers that serve only them. */
export interface JobLane {
  /** Names the lane in the workers' ids and logs. */
  name: string;
  handlers: JobHandlers;
  /** How many jobs of this lane one process runs at once (each a worker of its own). */
  concurrency: number;
}

/**
 * A process's workers, split into lanes by job kind. One worker runs one job at a time, so a long job (a
 * collection round paced at its vendor's rate runs for many minutes) would hold back every other kind
 * behind it: an import the user waits for, the orders' upkeep, a hot board due every two hours. Each lane
 * claims only its own kinds, so what waits in one lane never waits for another's; several workers in a
 * lane share it as workers in several processes do (`FOR UPDATE SKIP LOCKED`).
 */
export class JobLanes {
  readonly workers: readonly JobWorker[];

  constructor(db: Database, lanes: readonly JobLane[], options: Omit<WorkerOptions, 'workerId'> = {}) {
    const idPrefix = newWorkerId();
    this.workers = lanes.flatMap((lane) =>
      Array.from(
        { length: Math.max(1, lane.concurrency) },
        (_, slot) => new JobWorker(db, lane.handlers, { ...options, workerId: `${idPrefix}:${lane.name}${slot}` }),
      ),
    );
  }

  start(): void {
    for (const worker of this.workers) worker.start();
  }

  /** Stops every lane at once, each as `JobWorker.stop` (the job in hand within `graceMs`, then back to the queue). */
  async stop(options: { graceMs?: number } = {}): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop(options)));
  }

  nudge(): void {
    for (const worker of this.workers) worker.nudge();
  }

  /** Runs what is due in every lane until none is left (`npm run worker -- --once`). Returns how many ran. */
  async drain(): Promise<number> {
    const ran = await Promise.all(this.workers.map((worker) => worker.drain()));
    return ran.reduce((sum, count) => sum + count, 0);
  }
}

/**
 * Splits `handlers` into lanes: the kinds each lane names go to it, and whatever no lane names to a first
 * lane, `main`, with one worker.
 */
export function jobLanes(
  handlers: JobHandlers,
  lanes: ReadonlyArray<{ name: string; kinds: readonly string[]; concurrency: number }>,
): JobLane[] {
  const claimed = new Set(lanes.flatMap((lane) => lane.kinds));
  const pick = (keep: (kind: string) => boolean) =>
    Object.fromEntries(Object.entries(handlers).filter(([kind]) => keep(kind)));
  return [
    { name: 'main', handlers: pick((kind) => !claimed.has(kind)), concurrency: 1 },
    ...lanes
      .map((lane) => ({
        name: lane.name,
        handlers: pick((kind) => lane.kinds.includes(kind)),
        concurrency: lane.concurrency,
      }))
      .filter((lane) => Object.keys(lane.handlers).length > 0),
  ];
}
