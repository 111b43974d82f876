import { describe, expect, it } from 'vitest';
import { type Database, inHeavyReadLane, openDatabase } from './client';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the heavy-read lane', () => {
  it('runs the heavy reads of a PGlite database one at a time, in the order they came', async () => {
    const handle = await openDatabase({ memory: true });
    try {
      const events: string[] = [];
      const read = (name: string) =>
        inHeavyReadLane(handle.db, async () => {
          events.push(`start ${name}`);
          await tick();
          events.push(`end ${name}`);
          return name;
        });
      expect(await Promise.all([read('a'), read('b'), read('c')])).toEqual(['a', 'b', 'c']);
      expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    } finally {
      await handle.close();
    }
  });

  it('passes the turn on when a read fails', async () => {
    const handle = await openDatabase({ memory: true });
    try {
      const failing = inHeavyReadLane(handle.db, async () => {
        throw new Error('boom');
      });
      const next = inHeavyReadLane(handle.db, async () => 'next');
      await expect(failing).rejects.toThrow('boom');
      expect(await next).toBe('next');
    } finally {
      await handle.close();
    }
  });

  it('lets reads of a database without a lane run side by side', async () => {
    const db = {} as Database;
    let running = 0;
    let most = 0;
    const read = () =>
      inHeavyReadLane(db, async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
      });
    await Promise.all([read(), read(), read()]);
    expect(most).toBe(3);
  });
});
