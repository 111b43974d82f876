import { describe } from 'vitest';
import { createMemoryRateLimitStore } from './memory-store';
import { itBehavesLikeARateLimitStore } from './store-behaviour';

describe('in-process rate-limit store', () => {
  let clock = 1_000_000;
  const store = createMemoryRateLimitStore(() => clock);
  let run = 0;
  itBehavesLikeARateLimitStore(() => {
    run += 1;
    return {
      store,
      key: (name) => `${run}:${name}`,
      wait: async (ms) => {
        clock += ms;
      },
    };
  });
});
