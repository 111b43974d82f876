import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { yieldToEventLoop } from '../lib/yield-to-event-loop';

export interface StatementGateOptions {
  /** How long the database must have been free of quick statements before a heavy one starts. */
  graceMs: number;
  /** The longest a heavy statement gives way, so that steady quick traffic cannot starve a search. */
  maxWaitMs: number;
  /** The gate's time; the real one by default (a test moves its own). */
  clock?: GateClock;
}

/** What the gate reads time from and waits on. */
export interface GateClock {
  /** Milliseconds from any fixed origin. */
  now(): number;
  /** Resolves after `ms`, or at once, without rejecting, when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: GateClock = {
  now: () => performance.now(),
  wait: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
};

/**
 * Gives quick statements the way over the statements of heavy reads, on a database that runs one
 * statement at a time (PGlite). A quick call is a chain of statements, each sent when the one
 * before it has answered; a search sends its statements back to back. Without a gate every
 * statement of the quick chain queued behind one of the search's (four statements of `user/info`
 * behind four 50-100 ms search statements), so the quick call took the search's whole time. Here a
 * heavy statement starts only once no quick statement runs and none has ended within `graceMs`, the
 * gap between two statements of one chain: a quick call then waits for at most the one heavy
 * statement already running when it came. Each heavy statement first lets the event loop turn, so
 * that requests which arrived meanwhile are read and can send their statements.
 */
export class StatementGate {
  private readonly heavyContext = new AsyncLocalStorage<true>();
  private quickRunning = 0;
  private lastQuickEnd = Number.NEGATIVE_INFINITY;
  private waiters: Array<() => void> = [];
  private readonly clock: GateClock;

  constructor(private readonly options: StatementGateOptions = { graceMs: 10, maxWaitMs: 200 }) {
    this.clock = options.clock ?? realClock;
  }

  /** Runs `read` as a heavy read: each statement it sends gives way to quick ones first. */
  heavy<T>(read: () => Promise<T>): Promise<T> {
    return this.heavyContext.run(true, read);
  }

  /** Sends one statement (or a whole transaction) through the gate. */
  async statement<T>(send: () => Promise<T>): Promise<T> {
    if (this.heavyContext.getStore()) {
      // PGlite answers a statement without giving the event loop back, so a search's statements, and
      // the next search's after them, would otherwise follow each other in one unbroken run of
      // promise callbacks, and no other request could even be read off its socket meanwhile.
      await yieldToEventLoop();
      await this.giveWay();
      return send();
    }
    this.quickRunning++;
    try {
      return await send();
    } finally {
      this.quickRunning--;
      this.lastQuickEnd = this.clock.now();
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  private async giveWay() {
    const deadline = this.clock.now() + this.options.maxWaitMs;
    for (;;) {
      const now = this.clock.now();
      if (now >= deadline) return;
      if (this.quickRunning > 0) {
        const ac = new AbortController();
        await Promise.race([
          new Promise<void>((resolve) => this.waiters.push(resolve)),
          this.clock.wait(deadline - now, ac.signal),
        ]);
        ac.abort();
        continue;
      }
      const quietFor = now - this.lastQuickEnd;
      if (quietFor >= this.options.graceMs) return;
      await this.clock.wait(Math.min(this.options.graceMs - quietFor, deadline - now));
    }
  }
}
