import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StatementGate } from './statement-gate';

/** A database that runs one statement at a time, in the order they came, recording the order. */
function oneAtATime() {
  const events: string[] = [];
  let tail = Promise.resolve();
  const run = (name: string, ms: number) => {
    const done = tail.then(async () => {
      events.push(name);
      await sleep(ms);
    });
    tail = done;
    return done;
  };
  return { events, run };
}

describe('StatementGate', () => {
  it("holds a heavy read's statements while a quick chain of statements runs, then lets them go", async () => {
    const gate = new StatementGate({ graceMs: 10, maxWaitMs: 1_000 });
    const db = oneAtATime();
    const quickChain = (async () => {
      for (const step of [1, 2, 3, 4]) await gate.statement(() => db.run(`quick ${step}`, 5));
    })();
    const search = gate.heavy(async () => {
      for (const step of [1, 2, 3]) await gate.statement(() => db.run(`heavy ${step}`, 5));
    });
    await Promise.all([quickChain, search]);
    expect(db.events).toEqual(['quick 1', 'quick 2', 'quick 3', 'quick 4', 'heavy 1', 'heavy 2', 'heavy 3']);
  });

  it('lets a quick statement in between two statements of a heavy read', async () => {
    const gate = new StatementGate({ graceMs: 10, maxWaitMs: 1_000 });
    const db = oneAtATime();
    const search = gate.heavy(async () => {
      for (const step of [1, 2]) await gate.statement(() => db.run(`heavy ${step}`, 20));
    });
    await sleep(5);
    await gate.statement(() => db.run('quick', 1));
    await search;
    expect(db.events).toEqual(['heavy 1', 'quick', 'heavy 2']);
  });

  it('gives way for at most maxWaitMs, so steady quick traffic cannot starve a search', async () => {
    const gate = new StatementGate({ graceMs: 10, maxWaitMs: 50 });
    let stop = false;
    const traffic = (async () => {
      while (!stop) await gate.statement(() => sleep(2));
    })();
    const started = performance.now();
    await gate.heavy(() => gate.statement(async () => undefined));
    const waited = performance.now() - started;
    stop = true;
    await traffic;
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
    const gate = new StatementGate({ graceMs: 1_000, maxWaitMs: 1_000 });
    await gate.statement(async () => undefined);
    const started = performance.now();
    await gate.statement(async () => undefined);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
