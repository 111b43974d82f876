import { Socket } from 'node:net';

/** The local Redis the tests use; REDIS_TEST_URL points them elsewhere. */
export const testRedisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Whether anything answers on a Redis URL's port; tests needing Redis skip, not fail, without it. */
export async function isRedisReachable(url: string = testRedisUrl): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 6379), hostname, () => done(true));
  });
}
