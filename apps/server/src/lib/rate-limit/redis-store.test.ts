import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { isRedisReachable, testRedisUrl } from './redis-reachable';
import { createRedisRateLimitStore } from './redis-store';
import { itBehavesLikeARateLimitStore } from './store-behaviour';

const reachable = await isRedisReachable();

describe.skipIf(!reachable)('Redis rate-limit store', () => {
  // A prefix per run, so parallel runs and earlier runs never see each other's keys.
  const store = createRedisRateLimitStore({
    url: testRedisUrl,
    keyPrefix: `dso-test:${randomBytes(4).toString('hex')}:`,
  });
  // Commands fail at once until the connection is ready, rather than queue.
  beforeAll(() => store.untilReady());
  afterAll(() => store.close());
  itBehavesLikeARateLimitStore(store, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
});
