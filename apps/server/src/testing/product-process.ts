import type { Readable } from 'node:stream';

/*
 * What the tests that start the product as its own process (the built entries, `npm start`'s server) share: the
 * environment it runs in unless the test says otherwise, and the tail of its output for a failure's message.
 */

/** Development, quiet logs, no Redis, listening on 127.0.0.1 only. */
export const productProcessEnv = { NODE_ENV: 'development', LOG_LEVEL: 'warn', REDIS_URL: '', HOST: '127.0.0.1' };

/** The last 4,000 characters the streams printed (a process's whole output can be long). */
export function outputTail(...streams: Array<Readable | null | undefined>): () => string {
  let tail = '';
  for (const stream of streams) {
    stream?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-4000);
    });
  }
  return () => tail;
}
