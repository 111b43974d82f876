import { defineConfig } from 'vitest/config';

/** Unit and route suites of every workspace; browser journeys live in e2e/ with their own config. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/server/vitest.mocking.config.ts'],
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which left a core
    // idle while a suite waited on PGlite or PostgreSQL. Two keep both busy.
    maxWorkers: 2,
  },
});
