import { defineConfig } from 'vitest/config';

/** Unit and route suites of every workspace; browser journeys live in e2e/ with their own config. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
