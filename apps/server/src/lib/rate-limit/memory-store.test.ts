import { describe } from 'vitest';
import { createMemoryRateLimitStore } from './memory-store';
import { itBehavesLikeARateLimitStore } from './store-behaviour';

describe('in-process rate-limit store', () => {
  let clock = 1_000_000;
  const store = createMemoryRateLimitStore(() => clock);
  itBehavesLikeARateLimitStore(store, async (ms) => {
    clock += ms;
  });
});
