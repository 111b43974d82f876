import { describe, expect, it } from 'vitest';
import { type GateClock, StatementGate } from './statement-gate';

/**
 * Time that moves only when a test runs work on it: the gate and the fake database wait on it, and
 * `run` moves it to the next timer each time everything woken so far has reached its next wait. So a
 * test reads the order of events and the time waited as the gate decides them, whatever the machine's load.
 */
function virtualClock() {
  let time = 0;
  const timers: Array<{ at: number; fire: () => void }> = [];
  /**
   * Lets what a timer woke run up to its next wait: the gate lets the event loop turn once before each
   * heavy statement, the rest are promise callbacks; a few turns cover that with room to spare.
   */
  const settle = async () => {
    for (let turn = 0; turn < 4; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  /** Fires the earliest timer due by `limit` (the first set of equals); false when there is none. */
  const fireNext = (limit: number) => {
    const next = timers.reduce<(typeof timers)[number] | undefined>(
      (earliest, timer) => (timer.at <= limit && (!earliest || timer.at < earliest.at) ? timer : earliest),
      undefined,
    );
    if (!next) return false;
    timers.splice(timers.indexOf(next), 1);
    time = next.at;
    next.fire();
    return true;
  };
  const clock: GateClock = {
    now: () => time,
    wait: (ms, signal) =>
      new Promise<void>((resolve) => {
        // As a real timer does, a wait of no time or less ends on a later turn, never in the past.
        const timer = { at: time + Math.max(0, ms), fire: resolve };
        timers.push(timer);
        signal?.addEventListener('abort', () => {
          const at = timers.indexOf(timer);
          if (at >= 0) timers.splice(at, 1);
          resolve();
        });
      }),
  };
  return {
    ...clock,
    /** Moves time `ms` on, firing the timers due on the way. */
    async advance(ms: number) {
      const until = time + ms;
      do await settle();
      while (fireNext(until));
      time = until;
    },
    /** Moves time on, timer by timer, until `work` is done; fails once it has moved `limitMs` without that. */
    async run<T>(work: Promise<T>, limitMs = 60_000): Promise<T> {
      const limit = time + limitMs;
      let done = false;
      const watched = work.finally(() => {
        done = true;
      });
      for (;;) {
        await settle();
        if (done) return watched;
        if (!fireNext(limit)) throw new Error(`the work is not done after ${limitMs} ms of the clock's time`);
      }
    },
  };
}

/** A database that runs one statement at a time, in the order they came, recording the order. */
function oneAtATime(clock: GateClock) {
  const events: string[] = [];
  let tail = Promise.resolve();
  const run = (name: string, ms: number) => {
    const done = tail.then(async () => {
      events.push(name);
      await clock.wait(ms);
    });
    tail = done;
    return done;
  };
  return { events, run };
}

describe('StatementGate', () => {
  it("holds a heavy read's statements while a quick chain of statements runs, then lets them go", async () => {
    const clock = virtualClock();
    const gate = new StatementGate({ graceMs: 10, maxWaitMs: 1_000, clock });
    const db = oneAtATime(clock);
    const quickChain = (async () => {
      for (const step of [1, 2, 3, 4]) await gate.statement(() => db.run(`quick ${step}`, 5));
    })();
    const search = gate.heavy(async () => {
      for (const step of [1, 2, 3]) await gate.statement(() => db.run(`heavy ${step}`, 5));
    });
    await clock.run(Promise.all([quickChain, search]));
    expect(db.events).toEqual(['quick 1', 'quick 2', 'quick 3', 'quick 4', 'heavy 1', 'heavy 2', 'heavy 3']);
  });

  it('lets a quick statement in between two statements of a heavy read', async () => {
    const clock = virtualClock();
    const gate = new StatementGate({ graceMs: 10, maxWaitMs: 1_000, clock });
    const db = oneAtATime(clock);
    const search = gate.heavy(async () => {
      for (const step of [1, 2]) await gate.statement(() => db.run(`heavy ${step}`, 20));
    });
    await clock.advance(5);
    await clock.run(gate.statement(() => db.run('quick', 1)));
    await clock.run(search);
    expect(db.events).toEqual(['heavy 1', 'quick', 'heavy 2']);
  });

  it('gives way for at most maxWaitMs, so steady quick traffic cannot starve a search', async () => {
    const clock = virtualClock();
    const gate = new StatementGate({ graceMs: 10, maxWaitMs: 50, clock });
    let stop = false;
    const traffic = (async () => {
      while (!stop) await gate.statement(() => clock.wait(2));
    })();
    const started = clock.now();
    await clock.run(gate.heavy(() => gate.statement(async () => undefined)));
    const waited = clock.now() - started;
    stop = true;
    await clock.run(traffic);
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(1_000);
  });

  it("lets the event loop turn before each of a heavy read's statements", async () => {
    const gate = new StatementGate({ graceMs: 0, maxWaitMs: 1_000 });
    const events: string[] = [];
    // Statements that answer at once, as PGlite's do: without a turn of the loop between them, the
    // callback below (standing for a request read off its socket) would run after the whole read.
    const search = gate.heavy(async () => {
      for (const step of [1, 2, 3]) await gate.statement(async () => events.push(`heavy ${step}`));
    });
    setImmediate(() => events.push('other request'));
    await search;
    expect(events.indexOf('other request')).toBeLessThan(events.indexOf('heavy 3'));
  });

  it('lets statements outside a heavy read run at once', async () => {
    const clock = virtualClock();
    const gate = new StatementGate({ graceMs: 1_000, maxWaitMs: 1_000, clock });
    await clock.run(gate.statement(async () => undefined));
    const started = clock.now();
    await clock.run(gate.statement(async () => undefined));
    expect(clock.now() - started).toBeLessThan(100);
  });
});
