import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each suite opens its own database; PGlite start-up dominates, so suites run in separate forks.
    pool: 'forks',
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
