import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/client';
import { settlesWithin } from '../../lib/shutdown';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { type ClaimedJob, claimJob, completeJob, failJob, heartbeatJob, pruneJobs, releaseJob } from './jobs.queue';

/** What a handler gets besides its payload. */
export interface JobContext {
  db: Database;
  job: ClaimedJob;
  log: JobLogger;
  /**
   * Aborted when the worker gave the job back to the queue while stopping: the handler may stop early
   * (another worker runs the job again, so what it wrote must be safe to write twice, as for any retry).
   */
  signal: AbortSignal;
}

export interface JobLogger {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

/** Runs one job. Throwing fails the attempt (retried with backoff while attempts remain). */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** Handlers by job kind. */
export type JobHandlers = Record<string, JobHandler>;

/** A failure not worth retrying (bad payload, a file that cannot be read): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface WorkerOptions {
  /** Identifies this worker in `locked_by` (default host:pid:random). */
  workerId?: string;
  /** Idle wait between polls when nothing is due. */
  pollMs?: number;
  /** A running job whose lock is older than this is claimed again. */
  staleMs?: number;
  /** How often a running job's lock is refreshed (well under staleMs). */
  heartbeatMs?: number;
  /** Delay before the next attempt after attempt `n` failed. */
  backoffMs?: (attempt: number) => number;
  log?: JobLogger;
}

/** host:pid:random, unique to one worker (or one process's lanes) in `locked_by`. */
export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/** 5 s, 10 s, 20 s … capped at 10 minutes. */
export const defaultBackoff = (attempt: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempt - 1));

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/**
 * A worker: claims due jobs one at a time (`FOR UPDATE SKIP LOCKED`, so several workers in one or many
 * processes share the queue), runs the kind's handler while heartbeating its lock, then marks the job
 * done or schedules a retry with backoff. A job left running by a worker that died is claimed again
 * once its lock is older than `staleMs`, so work survives restarts. Works on PGlite and PostgreSQL.
 */
export class JobWorker {
  readonly workerId: string;
  private readonly pollMs: number;
  private readonly staleMs: number;
  private readonly heartbeatMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly log: JobLogger;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastPrune = 0;
  /** The job being run, its heartbeat and the signal its handler was given. */
  private current: { job: ClaimedJob; heartbeat: ReturnType<typeof setInterval>; abort: AbortController } | null = null;

  constructor(
    private readonly db: Database,
    private readonly handlers: JobHandlers,
    options: WorkerOptions = {},
  ) {
    this.workerId = options.workerId ?? newWorkerId();
    this.pollMs = options.pollMs ?? 1_000;
    this.staleMs = options.staleMs ?? 10 * 60_000;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(50, Math.floor(this.staleMs / 4));
    this.backoffMs = options.backoffMs ?? defaultBackoff;
    this.log = options.log ?? silent;
  }

  /** Claims and runs one due job; false when none was due. */
  async runOnce(): Promise<boolean> {
    await yieldToEventLoop();
    const job = await claimJob(this.db, {
      workerId: this.workerId,
      kinds: Object.keys(this.handlers),
      staleMs: this.staleMs,
    });
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /** Runs due jobs until none is left (tests, the seed, one-shot CLIs). Returns how many ran. */
  async drain(limit = Number.POSITIVE_INFINITY): Promise<number> {
    let ran = 0;
    while (ran < limit && (await this.runOnce())) ran++;
    return ran;
  }

  /** Starts polling in the background. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.poll();
    this.log.info({ workerId: this.workerId, kinds: Object.keys(this.handlers) }, 'job worker started');
  }

  /**
   * Stops claiming. Without `graceMs`, waits for the job in hand (if any) to finish. With it, waits that
   * long at most, then gives the job back to the queue (due at once, so another worker takes it),
   * aborts its handler's signal and returns without waiting for the handler: a process shutting down
   * must not wait for a long job (ARCHITECTURE: exit within 10 s).
   */
  async stop(options: { graceMs?: number } = {}): Promise<void> {
    this.running = false;
    this.wake?.();
    const loop = this.loop;
    this.loop = null;
    if (!loop) return;
    if (options.graceMs === undefined) return loop;
    if (!(await settlesWithin(loop, options.graceMs))) await this.releaseCurrent();
  }

  /** Gives the job in hand back to the queue and tells its handler to stop. */
  private async releaseCurrent() {
    const current = this.current;
    if (!current) return;
    this.current = null;
    clearInterval(current.heartbeat);
    current.abort.abort();
    const released = await releaseJob(this.db, current.job.id, this.workerId);
    this.log.info({ jobId: current.job.id, kind: current.job.kind, released }, 'job given back to the queue');
  }

  /** Polls now rather than after the idle wait (a job was just enqueued in this process). */
  nudge(): void {
    this.wake?.();
  }

  private async poll() {
    while (this.running) {
      let ran = false;
      try {
        ran = await this.runOnce();
        await this.pruneNowAndThen();
      } catch (error) {
        // The database went away for a moment: wait and try again rather than die.
        this.log.error({ err: error }, 'job worker poll failed');
      }
      if (!ran && this.running) await this.idle();
    }
  }

  private idle() {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }

  private async pruneNowAndThen() {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await pruneJobs(this.db, { doneOlderThanMs: 7 * DAY_MS, failedOlderThanMs: 30 * DAY_MS });
  }

  private async run(job: ClaimedJob) {
    const handler = this.handlers[job.kind];
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its worker died on the last allowed attempt: give up rather than loop.
      await failJob(this.db, { id: job.id, workerId: this.workerId, error: '执行中断次数过多', retryInMs: null });
      return;
    }
    const heartbeat = setInterval(() => {
      heartbeatJob(this.db, job.id, this.workerId).catch((error) =>
        this.log.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
      );
    }, this.heartbeatMs);
    const abort = new AbortController();
    const current = { job, heartbeat, abort };
    this.current = current;
    const started = Date.now();
    try {
      if (!handler) throw new PermanentJobError(`no handler for ${job.kind}`);
      await handler(job.payload, { db: this.db, job, log: this.log, signal: abort.signal });
      clearInterval(heartbeat);
      // Given back while stopping: the queue has it again and its next run decides.
      if (abort.signal.aborted) return;
      await completeJob(this.db, job.id, this.workerId);
      this.log.info({ jobId: job.id, kind: job.kind, ms: Date.now() - started }, 'job done');
    } catch (error) {
      clearInterval(heartbeat);
      if (abort.signal.aborted) return;
      const permanent = error instanceof PermanentJobError;
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const outcome = await failJob(this.db, {
        id: job.id,
        workerId: this.workerId,
        error: message,
        retryInMs: permanent ? null : this.backoffMs(job.attempts),
      });
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, outcome, err: error }, 'job failed');
    } finally {
      if (this.current === current) this.current = null;
    }
  }
}
